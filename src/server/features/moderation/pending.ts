import { sql, type Kysely } from 'kysely';
import { fieldMessages } from '../../../shared/messages';
import { MODERATION_PAGE_SIZE, type PendingPage, type PendingSport, type PendingWord } from '../../../shared/moderation';
import { displayName } from '../../../shared/user';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

type AuthorColumns = { account_type: 'user' | 'organisation' | null; firstname: string | null; lastname: string | null; username: string | null };

export const authorColumns = ['users.account_type', 'users.firstname', 'users.lastname', 'users.username'] as const;

export function authorName(row: AuthorColumns): string {
  if (!row.account_type) return fieldMessages.unknownAuthor;
  return displayName({ accountType: row.account_type, firstname: row.firstname ?? '', lastname: row.lastname ?? '', username: row.username ?? '' });
}

/**
 * Where a page ended: the last item's creation time, to the microsecond as stored (a
 * JavaScript Date would round it and skip or repeat items), and its id for equal times.
 */
interface Position {
  createdAt: string;
  id: string;
}

const MICROSECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The creation time in the cursor's form, computed by the database. */
const position = (column: 'words.created_at' | 'sports.created_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position');

const encode = ({ createdAt, id }: Position) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

/** An opaque cursor back to a position; a cursor the server did not write is a 400. */
function decode(cursor: string, isId: (id: string) => boolean): Position {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'string' && MICROSECOND_UTC.test(createdAt) && typeof id === 'string' && isId(id)) return { createdAt, id };
  } catch {
    // Not JSON: answered below like any other bad cursor.
  }
  throw new AppError(400, 'http/bad-request');
}

/** One more row than a page tells whether a next page exists, without counting again. */
function toPage<Row extends { position: string; id: string }, Item>(rows: Row[], total: number, toItem: (row: Row) => Item): PendingPage<Item> {
  const items = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    total,
    next: rows.length > MODERATION_PAGE_SIZE && last ? encode({ createdAt: last.position, id: last.id }) : null,
  };
}

/** Pending words, oldest first (ties by id), from `after` on; the total counts them all. */
export async function pendingWordsPage(db: Kysely<Database>, after?: string): Promise<PendingPage<PendingWord>> {
  const from = after === undefined ? undefined : decode(after, (id) => UUID.test(id));
  const [rows, count] = await Promise.all([
    db
      .selectFrom('words')
      .leftJoin('users', 'users.id', 'words.author_id')
      .select(['words.id', 'words.content', 'words.created_at', position('words.created_at'), ...authorColumns])
      .where('words.public', '=', false)
      .$if(from !== undefined, (query) => query.where(sql<boolean>`(words.created_at, words.id) > (${from?.createdAt}::timestamptz, ${from?.id}::uuid)`))
      .orderBy('words.created_at')
      .orderBy('words.id')
      .limit(MODERATION_PAGE_SIZE + 1)
      .execute(),
    db.selectFrom('words').select(sql<number>`count(*)::int`.as('total')).where('public', '=', false).executeTakeFirstOrThrow(),
  ]);
  return toPage(rows, count.total, (row) => ({ id: row.id, content: row.content, author: authorName(row), createdAt: row.created_at.toISOString() }));
}

/** Pending sport suggestions, oldest first (ties by id), from `after` on. */
export async function pendingSportsPage(db: Kysely<Database>, after?: string): Promise<PendingPage<PendingSport>> {
  const from = after === undefined ? undefined : decode(after, (id) => id !== '');
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sports')
      .leftJoin('users', 'users.id', 'sports.submitted_by')
      .select(['sports.id', 'sports.name', 'sports.emoji', 'sports.created_at', position('sports.created_at'), ...authorColumns])
      .where('sports.public', '=', false)
      .$if(from !== undefined, (query) => query.where(sql<boolean>`(sports.created_at, sports.id) > (${from?.createdAt}::timestamptz, ${from?.id})`))
      .orderBy('sports.created_at')
      .orderBy('sports.id')
      .limit(MODERATION_PAGE_SIZE + 1)
      .execute(),
    db.selectFrom('sports').select(sql<number>`count(*)::int`.as('total')).where('public', '=', false).executeTakeFirstOrThrow(),
  ]);
  return toPage(rows, count.total, (row) => ({
    id: row.id,
    name: row.name,
    emoji: row.emoji,
    submittedBy: authorName(row),
    createdAt: row.created_at.toISOString(),
  }));
}
