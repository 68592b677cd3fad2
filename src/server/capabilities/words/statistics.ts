import type { Kysely } from 'kysely';
import { createdPer } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import './tables';

/** The words left each Paris week from `since` (a Monday), published or not (the words_created index finds the period's). */
export async function wordsPerWeek(db: Kysely<Database>, since: string): Promise<{ week: string; words: number }[]> {
  return (await createdPer(db, 'words', 'week', since)).map((row) => ({ week: row.period, words: row.count }));
}
