import { sql, type Kysely } from 'kysely';
import { JOURNAL_PAGE_SIZE, type JournalKind } from '../../../shared/journal';
import type { Database } from '../../platform/db/schema';

export interface JournalFilter {
  actor?: string;
  kind?: JournalKind;
  /** The id of the last row of the previous page: rows are read newest first (ids descending). */
  before?: string;
}

/** A page of the journal, newest first, and one row more when another page follows. */
export async function journalRows(db: Kysely<Database>, { actor, kind, before }: JournalFilter) {
  let rows = db
    .selectFrom('journal')
    .select(['id', 'created_at', 'actor_id', 'actor_name', 'kind', 'target_type', 'target_id', 'summary', 'details'])
    .orderBy('id', 'desc')
    .limit(JOURNAL_PAGE_SIZE + 1);
  if (actor) rows = rows.where('actor_id', '=', actor);
  if (kind) rows = rows.where('kind', '=', kind);
  if (before) rows = rows.where('id', '<', sql<string>`${before}::bigint`);
  return rows.execute();
}

/** Each actor under the name of their latest row; one pass of the (actor_id, id) index. */
export async function journalActors(db: Kysely<Database>) {
  return db
    .selectFrom('journal')
    .select(['actor_id', 'actor_name'])
    .distinctOn('actor_id')
    .where('actor_id', 'is not', null)
    .orderBy('actor_id')
    .orderBy('id', 'desc')
    .execute();
}
