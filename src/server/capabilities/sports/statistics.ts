import type { Kysely } from 'kysely';
import { createdPer } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import './tables';

/** The sports suggested each Paris week from `since` (a Monday), listed since or not. */
export async function suggestionsPerWeek(db: Kysely<Database>, since: string): Promise<{ week: string; sports: number }[]> {
  return (await createdPer(db, 'sports', 'week', since)).map((row) => ({ week: row.period, sports: row.count }));
}

/**
 * The reactions placed each Paris day from `since` that still stand (one taken back is gone,
 * one changed counts on the day of its change); the sport_reactions_created index finds the period's.
 */
export async function reactionsPerDay(db: Kysely<Database>, since: string): Promise<{ day: string; reactions: number }[]> {
  return (await createdPer(db, 'sport_reactions', 'day', since)).map((row) => ({ day: row.period, reactions: row.count }));
}
