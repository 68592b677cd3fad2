import { sql, type Kysely } from 'kysely';
import { parisDay, parisMidnight, parisWeek } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import './tables';

/** The sports suggested each Paris week from `since` (a Monday), listed since or not. */
export async function suggestionsPerWeek(db: Kysely<Database>, since: string): Promise<{ week: string; sports: number }[]> {
  const rows = await db
    .selectFrom('sports')
    .select([parisWeek('created_at').as('week'), sql<string>`count(*)::text`.as('sports')])
    .where('created_at', '>=', parisMidnight(since))
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ week: row.week, sports: Number(row.sports) }));
}

/**
 * The reactions placed each Paris day from `since` that still stand (one taken back is gone,
 * one changed counts on the day of its change); the sport_reactions_created index finds the period's.
 */
export async function reactionsPerDay(db: Kysely<Database>, since: string): Promise<{ day: string; reactions: number }[]> {
  const rows = await db
    .selectFrom('sport_reactions')
    .select([parisDay('created_at').as('day'), sql<string>`count(*)::text`.as('reactions')])
    .where('created_at', '>=', parisMidnight(since))
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ day: row.day, reactions: Number(row.reactions) }));
}
