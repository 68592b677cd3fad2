import type { Kysely } from 'kysely';
import type { MemberSession } from '../../../shared/sessions';
import type { Database } from '../../platform/db/schema';
import { describeUserAgent } from './user-agents';

/** The member's live sessions, the current one first, then the most recently used. */
export async function listSessions(db: Kysely<Database>, userId: string, currentId: string | undefined): Promise<MemberSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.user_agent),
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** One session of the member's ends (another's id ends nothing): whether it did. */
export async function endMemberSession(db: Kysely<Database>, userId: string, id: string) {
  const { numDeletedRows } = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(numDeletedRows) > 0;
}
