import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { fieldMessages } from '../../../shared/messages';
import {
  MODERATION_PAGE_SIZE,
  PUBLISHED_PAGE_SIZE,
  type ModerationQueue,
  type PendingPage,
  type PendingSport,
  type PendingWord,
  type PublishedPage,
  type PublishedWord,
} from '../../../shared/moderation';
import { displayName } from '../../../shared/user';
import { isCursorInstant } from '../../platform/db/cursor-times';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

type AuthorColumns = { account_type: 'user' | 'organisation' | null; firstname: string | null; lastname: string | null; username: string | null };

const authorColumns = ['users.account_type', 'users.firstname', 'users.lastname', 'users.username'] as const;

function authorName(row: AuthorColumns): string {
  if (!row.account_type) return fieldMessages.unknownAuthor;
  return displayName({ accountType: row.account_type, firstname: row.firstname ?? '', lastname: row.lastname ?? '', username: row.username ?? '' });
}

/**
 * Where a page ended: the last item's time (created, or published for published words), to
 * the microsecond as stored (a JavaScript Date would round it and skip or repeat items), and
 * its id for equal times.
 */
interface Position {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The time in the cursor's form, computed by the database. */
const position = (column: 'words.created_at' | 'sports.created_at' | 'words.published_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position');

const encode = ({ at, id }: Position) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** An opaque cursor back to a position; a cursor the server did not write is a 400. */
function decode(cursor: string, isId: (id: string) => boolean): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at === 'string' && isCursorInstant(at) && typeof id === 'string' && isId(id)) return { at, id };
  } catch {
    // Not JSON: answered below like any other bad cursor.
  }
  throw new AppError(400, 'http/bad-request');
}

/** One more row than a page tells whether a next page exists, without counting again. */
function toPage<Row extends { position: string; id: string }, Item>(rows: Row[], size: number, toItem: (row: Row) => Item): { items: Item[]; next: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items: items.map(toItem), next: rows.length > size && last ? encode({ at: last.position, id: last.id }) : null };
}

/**
 * The queries of a page of pending words, oldest first (ties by id), from `from` on, and of
 * their total. Written `not public` (not `public = $1`) so the planner matches the partial
 * index words_pending_queue whatever the plan; moderation.test.ts checks the plans.
 */
export function pendingWordsQueries(db: Kysely<Database>, from?: Position) {
  return {
    rows: db
      .selectFrom('words')
      .leftJoin('users', 'users.id', 'words.author_id')
      .select(['words.id', 'words.content', 'words.created_at', position('words.created_at'), ...authorColumns])
      .where(sql<boolean>`not words.public`)
      .$if(from !== undefined, (query) => query.where(sql<boolean>`(words.created_at, words.id) > (${from?.at}::timestamptz, ${from?.id}::uuid)`))
      .orderBy('words.created_at')
      .orderBy('words.id')
      .limit(MODERATION_PAGE_SIZE + 1),
    total: db.selectFrom('words').select(sql<number>`count(*)::int`.as('total')).where(sql<boolean>`not public`),
  };
}

/** The same for sport suggestions (sports_pending_queue). */
export function pendingSportsQueries(db: Kysely<Database>, from?: Position) {
  return {
    rows: db
      .selectFrom('sports')
      .leftJoin('users', 'users.id', 'sports.submitted_by')
      .select(['sports.id', 'sports.name', 'sports.emoji', 'sports.created_at', position('sports.created_at'), ...authorColumns])
      .where(sql<boolean>`not sports.public`)
      .$if(from !== undefined, (query) => query.where(sql<boolean>`(sports.created_at, sports.id) > (${from?.at}::timestamptz, ${from?.id})`))
      .orderBy('sports.created_at')
      .orderBy('sports.id')
      .limit(MODERATION_PAGE_SIZE + 1),
    total: db.selectFrom('sports').select(sql<number>`count(*)::int`.as('total')).where(sql<boolean>`not public`),
  };
}

// The lists travel as JSON built by the database, one statement per answer: at 20 admins at
// once a round trip per list and per count cost more than the lists (the scale benchmark).
// Times read through JSON are text; the cursor's position is computed apart, to the microsecond.
const iso = (value: Date | string) => new Date(value).toISOString();

type WordRow = { id: string; content: string; created_at: Date | string } & AuthorColumns;
type SportRow = { id: string; name: string; emoji: string; created_at: Date | string } & AuthorColumns;

const toPendingWord = (row: WordRow): PendingWord => ({ id: row.id, content: row.content, author: authorName(row), createdAt: iso(row.created_at) });
const toPendingSport = (row: SportRow): PendingSport => ({ id: row.id, name: row.name, emoji: row.emoji, submittedBy: authorName(row), createdAt: iso(row.created_at) });

/** A page's rows and the list's total, in one statement. */
async function pageWithTotal<Row extends { position: string; id: string }, Item>(
  db: Kysely<Database>,
  queries: { rows: SelectQueryBuilder<Database, keyof Database, Row>; total: SelectQueryBuilder<Database, keyof Database, { total: number }> },
  toItem: (row: Row) => Item,
): Promise<PendingPage<Item>> {
  const row = await db.selectNoFrom([jsonArrayFrom(queries.rows).as('rows'), queries.total.as('total')]).executeTakeFirstOrThrow();
  return { ...toPage(row.rows as Row[], MODERATION_PAGE_SIZE, toItem), total: row.total ?? 0 };
}

/** Pending words from `after` on; the total counts them all. */
export function pendingWordsPage(db: Kysely<Database>, after?: string): Promise<PendingPage<PendingWord>> {
  return pageWithTotal(db, pendingWordsQueries(db, after === undefined ? undefined : decode(after, (id) => UUID.test(id))), toPendingWord);
}

/** Pending sport suggestions from `after` on. */
export function pendingSportsPage(db: Kysely<Database>, after?: string): Promise<PendingPage<PendingSport>> {
  return pageWithTotal(db, pendingSportsQueries(db, after === undefined ? undefined : decode(after, (id) => id !== '')), toPendingSport);
}

/**
 * A page of published words, newest first (ties by id), from `from` on, for the VIP toggle
 * and 'Retirer' (words_published_newest). Every public word has a published_at (constraint
 * words_published_when_public), so the row comparison skips none.
 */
export function publishedWordsQuery(db: Kysely<Database>, from?: Position) {
  return db
    .selectFrom('words')
    .leftJoin('users', 'users.id', 'words.author_id')
    .select(['words.id', 'words.content', 'words.vip', 'words.published_at', position('words.published_at'), ...authorColumns])
    .where(sql<boolean>`words.public`)
    .$if(from !== undefined, (query) => query.where(sql<boolean>`(words.published_at, words.id) < (${from?.at}::timestamptz, ${from?.id}::uuid)`))
    .orderBy(sql`words.published_at desc nulls last`)
    .orderBy('words.id', 'desc')
    .limit(PUBLISHED_PAGE_SIZE + 1);
}

type PublishedRow = { id: string; content: string; vip: boolean; published_at: Date | string | null; position: string } & AuthorColumns;

const toPublishedWord = (row: PublishedRow): PublishedWord => ({
  id: row.id,
  content: row.content,
  author: authorName(row),
  vip: row.vip,
  publishedAt: iso(row.published_at ?? new Date(0)),
});

/** Published words from `after` on. No total: counting every public word would grow with the wall. */
export async function publishedWordsPage(db: Kysely<Database>, after?: string): Promise<PublishedPage> {
  const rows = await publishedWordsQuery(db, after === undefined ? undefined : decode(after, (id) => UUID.test(id))).execute();
  return toPage(rows, PUBLISHED_PAGE_SIZE, toPublishedWord);
}

/** GET /api/admin/moderation: the first page of each list and both totals, in one statement. */
export async function queueFirstPages(db: Kysely<Database>): Promise<ModerationQueue> {
  const words = pendingWordsQueries(db);
  const sports = pendingSportsQueries(db);
  const row = await db
    .selectNoFrom([
      jsonArrayFrom(words.rows).as('words'),
      words.total.as('wordsTotal'),
      jsonArrayFrom(sports.rows).as('sports'),
      sports.total.as('sportsTotal'),
      jsonArrayFrom(publishedWordsQuery(db)).as('published'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pendingWords: { ...toPage(row.words, MODERATION_PAGE_SIZE, toPendingWord), total: row.wordsTotal ?? 0 },
    pendingSports: { ...toPage(row.sports, MODERATION_PAGE_SIZE, toPendingSport), total: row.sportsTotal ?? 0 },
    publishedWords: toPage(row.published, PUBLISHED_PAGE_SIZE, toPublishedWord),
  };
}

/** How many words and sport suggestions wait, for the admin's home page. */
export async function pendingCounts(db: Kysely<Database>): Promise<{ pendingWords: number; pendingSports: number }> {
  return db
    .selectNoFrom([
      sql<number>`(select count(*)::int from words where not public)`.as('pendingWords'),
      sql<number>`(select count(*)::int from sports where not public)`.as('pendingSports'),
    ])
    .executeTakeFirstOrThrow();
}
