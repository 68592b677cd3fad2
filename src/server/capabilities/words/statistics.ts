import { sql, type Kysely } from 'kysely';
import { parisMidnight, parisWeek } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import './tables';

/** The words left each Paris week from `since` (a Monday), published or not (the words_created index finds the period's). */
export async function wordsPerWeek(db: Kysely<Database>, since: string): Promise<{ week: string; words: number }[]> {
  const rows = await db
    .selectFrom('words')
    .select([parisWeek('created_at').as('week'), sql<string>`count(*)::text`.as('words')])
    .where('created_at', '>=', parisMidnight(since))
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ week: row.week, words: Number(row.words) }));
}
