import { sql, type Kysely } from 'kysely';
import type { MemberDetail } from '../../../shared/members';
import type { Database } from '../../platform/db/schema';
import { pictureUrl } from '../accounts/index';
import { memberListColumns, toMemberListItem } from './search';

/** One member as /admin/members/:id shows them, in one query; undefined when there is none. */
export async function findMemberDetail(db: Kysely<Database>, id: string): Promise<MemberDetail | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('words', 'words.author_id', 'users.id')
    .select([
      ...memberListColumns,
      'users.bio',
      'users.picture_version',
      'users.last_seen_at',
      'users.email_undeliverable_at',
      'users.past_trips',
      'words.content as word_content',
      'words.public as word_public',
      'words.vip as word_vip',
      sql<number>`(select count(*)::int from sport_reactions where sport_reactions.user_id = users.id)`.as('reactions'),
      sql<number>`(select count(*)::int from sessions where sessions.user_id = users.id and sessions.expires_at > now())`.as('sessions'),
      sql<number>`(select count(*)::int from passkeys where passkeys.user_id = users.id)`.as('passkeys'),
      'users.two_factor_since',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toMemberListItem(row),
    bio: row.bio,
    profilePic: pictureUrl(row),
    lastSeenAt: row.last_seen_at.toISOString(),
    emailVerifiedAt: row.email_verified_at?.toISOString() ?? null,
    emailUndeliverable: row.email_undeliverable_at !== null,
    suspendedAt: row.suspended_at?.toISOString() ?? null,
    word: row.word_content === null ? null : { content: row.word_content, public: row.word_public ?? false, vip: row.word_vip ?? false },
    reactions: row.reactions,
    sessions: row.sessions,
    pastTrips: row.past_trips.length,
    twoFactorEnabled: row.two_factor_since !== null,
    passkeys: row.passkeys,
  };
}
