import { sql, type Kysely } from 'kysely';
import { MEMBER_SEARCH_MAX_WORDS, MEMBERS_PAGE_SIZE, type MemberListItem, type MemberPage, type MemberSearch } from '../../../shared/members';
import { isCursorInstant } from '../../platform/db/cursor-times';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

/** The columns of a list row, and what a detail adds to them (detail.ts). */
export const memberListColumns = [
  'users.id',
  'users.email',
  'users.username',
  'users.firstname',
  'users.lastname',
  'users.account_type',
  'users.roles',
  'users.created_at',
  'users.email_verified_at',
  'users.newsletter',
  'users.suspended_at',
] as const;

type ListRow = {
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  account_type: 'user' | 'organisation';
  roles: string[];
  created_at: Date;
  email_verified_at: Date | null;
  newsletter: boolean;
  suspended_at: Date | null;
};

export function toMemberListItem(row: ListRow): MemberListItem {
  return {
    uuid: row.id,
    email: row.email,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    accountType: row.account_type,
    roles: row.roles,
    createdAt: row.created_at.toISOString(),
    emailVerified: row.email_verified_at !== null,
    newsletter: row.newsletter,
    suspended: row.suspended_at !== null,
  };
}

/**
 * Where a page ended: the last row's creation time to the microsecond, as stored (a JavaScript
 * Date would round it), and its id for equal times; base64url JSON, opaque to the client.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodeCursor = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'string' && isCursorInstant(createdAt) && typeof id === 'string' && UUID.test(id)) return { createdAt, id };
  } catch {
    // Not JSON: answered below like any other bad cursor.
  }
  throw new AppError(400, 'http/bad-request');
}

/** The search's words, folded and split by the database function the stored terms come from. */
async function searchWords(db: Kysely<Database>, q: string | undefined): Promise<string[]> {
  if (!q?.trim()) return [];
  const { rows } = await sql<{ word: string }>`select word from unissons_search_words(${q}) as word limit ${MEMBER_SEARCH_MAX_WORDS}`.execute(db);
  return rows.map((row) => row.word);
}

const likePrefix = (word: string) => `${word.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A page of members, newest first. Each word of the search must start a word of the member's
 * e-mail, username, first or last name (decision 0020): one range scan of user_search_terms'
 * primary key per word. Filters are plain conditions; keyset pagination on (created_at, id).
 */
export async function searchMembers(db: Kysely<Database>, search: MemberSearch): Promise<MemberPage> {
  const words = await searchWords(db, search.q);
  let query = db
    .selectFrom('users')
    .select([...memberListColumns, sql<string>`to_char(users.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position')])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(MEMBERS_PAGE_SIZE + 1);
  for (const word of words) {
    query = query.where('users.id', 'in', (eb) => eb.selectFrom('user_search_terms').select('user_search_terms.user_id').where('user_search_terms.term', 'like', likePrefix(word)));
  }
  if (search.type) query = query.where('users.account_type', '=', search.type);
  if (search.verified) query = query.where('users.email_verified_at', search.verified === 'yes' ? 'is not' : 'is', null);
  if (search.subscribed) query = query.where('users.newsletter', '=', search.subscribed === 'yes');
  // cardinality() > 0 as written in the partial index users_staff, so the planner may use it.
  if (search.role) query = query.where(sql<boolean>`cardinality(users.roles) > 0 and users.roles @> array[${search.role}]::text[]`);
  if (search.suspended) query = query.where('users.suspended_at', search.suspended === 'yes' ? 'is not' : 'is', null);
  if (search.after) {
    const { createdAt, id } = decodeCursor(search.after);
    query = query.where(sql<boolean>`(users.created_at, users.id) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await query.execute();
  const page = rows.slice(0, MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  return { members: page.map(toMemberListItem), next: rows.length > MEMBERS_PAGE_SIZE && last ? encodeCursor(last.position, last.id) : null };
}
