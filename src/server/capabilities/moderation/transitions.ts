import { sql, type Kysely } from 'kysely';
import type { JournalKind } from '../../../shared/journal';
import type { Database } from '../../platform/db/schema';
import { recordAction } from '../journal/index';
import type { Change } from '../../platform/live/change';

type Db = Kysely<Database>;

/** A word or a sport suggestion that a moderator acted on, as the journal names it. */
export interface Moderated {
  type: 'word' | 'sport';
  id: string;
  summary: string;
}

/** Which of `ids` are still pending, locked for this transaction in id order. */
const lockPendingWords = (trx: Db, ids: readonly string[]) =>
  trx.selectFrom('words').select('id').where('id', 'in', ids).where(sql<boolean>`not public`).orderBy('id').forUpdate();

const lockPendingSports = (trx: Db, ids: readonly string[]) =>
  trx.selectFrom('sports').select('id').where('id', 'in', ids).where(sql<boolean>`not public`).orderBy('id').forUpdate();

/*
 * Each transition is one conditional statement (… where not public … returning): of two
 * moderators acting on the same item, the second finds nothing left to change, so counts and
 * the journal stay exact without reading first. Rows are locked in id order, so two
 * overlapping selections wait for each other instead of deadlocking.
 */

export async function approveWords(trx: Db, ids: readonly string[]): Promise<Moderated[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('words')
    .set({ public: true, published_at: sql<Date>`now()` })
    .where('id', 'in', lockPendingWords(trx, ids))
    .returning(['id', 'content'])
    .execute();
  return rows.map((row) => ({ type: 'word', id: row.id, summary: row.content }));
}

/**
 * Takes back an approval made less than `withinMs` ago ('Annuler' under it): the item is
 * pending again, in its place in the queue. An older approval is not an undo but a withdrawal.
 */
export async function unapproveWord(trx: Db, id: string, withinMs: number): Promise<Moderated | undefined> {
  const row = await trx
    .updateTable('words')
    .set({ public: false, published_at: null })
    .where('id', '=', id)
    .where(sql<boolean>`public`)
    .where('published_at', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .returning(['id', 'content'])
    .executeTakeFirst();
  return row && { type: 'word', id: row.id, summary: row.content };
}

/** Refusing deletes the word: its author may then leave another one. */
export async function refuseWords(trx: Db, ids: readonly string[]): Promise<Moderated[]> {
  if (ids.length === 0) return [];
  const rows = await trx.deleteFrom('words').where('id', 'in', lockPendingWords(trx, ids)).returning(['id', 'content']).execute();
  return rows.map((row) => ({ type: 'word', id: row.id, summary: row.content }));
}

const sportSummary = (row: { name: string; emoji: string }) => (row.emoji ? `${row.emoji} ${row.name}` : row.name);

export async function approveSports(trx: Db, ids: readonly string[]): Promise<Moderated[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('sports')
    .set({ public: true, published_at: sql<Date>`now()` })
    .where('id', 'in', lockPendingSports(trx, ids))
    .returning(['id', 'name', 'emoji'])
    .execute();
  return rows.map((row) => ({ type: 'sport', id: row.id, summary: sportSummary(row) }));
}

/** As unapproveWord, for a sport suggestion. */
export async function unapproveSport(trx: Db, id: string, withinMs: number): Promise<Moderated | undefined> {
  const row = await trx
    .updateTable('sports')
    .set({ public: false, published_at: null })
    .where('id', '=', id)
    .where(sql<boolean>`public`)
    .where('published_at', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .returning(['id', 'name', 'emoji'])
    .executeTakeFirst();
  return row && { type: 'sport', id: row.id, summary: sportSummary(row) };
}

/** Refusing deletes the suggestion: the name may be suggested again. */
export async function refuseSports(trx: Db, ids: readonly string[]): Promise<Moderated[]> {
  if (ids.length === 0) return [];
  const rows = await trx.deleteFrom('sports').where('id', 'in', lockPendingSports(trx, ids)).returning(['id', 'name', 'emoji']).execute();
  return rows.map((row) => ({ type: 'sport', id: row.id, summary: sportSummary(row) }));
}

/** Takes a published word off the wall (deleted, as a refusal would). */
export async function withdrawWord(trx: Db, id: string): Promise<Moderated | undefined> {
  const row = await trx.deleteFrom('words').where('id', '=', id).where(sql<boolean>`public`).returning(['id', 'content']).executeTakeFirst();
  return row && { type: 'word', id: row.id, summary: row.content };
}

/** The VIP highlight of a published word; unchanged (already so, or gone) gives undefined. */
export async function setWordVip(trx: Db, id: string, vip: boolean): Promise<Moderated | undefined> {
  const row = await trx
    .updateTable('words')
    .set({ vip })
    .where('id', '=', id)
    .where(sql<boolean>`public`)
    .where('vip', '<>', vip)
    .returning(['id', 'content'])
    .executeTakeFirst();
  return row && { type: 'word', id: row.id, summary: row.content };
}

/**
 * What every transition does after its statement, in its change: one journal row per item,
 * and the notices (sent only if the change commits).
 */
export async function recordModeration(
  { db, announce }: Change,
  actorId: string,
  kind: JournalKind,
  items: readonly Moderated[],
  details?: Record<string, unknown>,
) {
  for (const item of items) {
    await recordAction(db, { actorId, kind, targetType: item.type, targetId: item.id, summary: item.summary, details });
  }
  if (items.length === 0) return;
  const wallChanged = kind !== 'moderation/refuse';
  if (wallChanged && items.some((item) => item.type === 'word')) await announce('words');
  if (wallChanged && items.some((item) => item.type === 'sport')) await announce('sports');
  await announce('moderation');
}
