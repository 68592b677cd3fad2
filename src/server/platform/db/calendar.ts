import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

// The association counts in France's calendar: weeks start on Monday, days end at midnight,
// Paris time, whatever the server's own zone. Dates are YYYY-MM-DD.

/** The Monday of the Paris week a timestamp falls in. */
export function parisWeek(column: string): RawBuilder<string> {
  return sql<string>`date_trunc('week', ${sql.ref(column)} at time zone 'Europe/Paris')::date::text`;
}

/** The Monday of the week of a date column (a date has no zone). */
export function weekOfDate(column: string): RawBuilder<string> {
  return sql<string>`date_trunc('week', ${sql.ref(column)})::date::text`;
}

/** The Paris day of a timestamp. */
function parisDay(column: string): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} at time zone 'Europe/Paris')::date::text`;
}

/** Midnight in Paris at the start of `date`, as a timestamp to compare a column with. */
export function parisMidnight(date: string): RawBuilder<Date> {
  return sql<Date>`(${date}::date)::timestamp at time zone 'Europe/Paris'`;
}

/** Today in Paris. */
export const PARIS_TODAY = sql<string>`(now() at time zone 'Europe/Paris')::date::text`;

/** The tables whose rows carry the moment they were made, as `created_at`. */
type CreatedTable = { [Table in keyof Database]: Database[Table] extends { created_at: unknown } ? Table : never }[keyof Database];

/**
 * The rows of `table` made in each Paris week (by its Monday) or day from `since`, counted;
 * a period with none is left out. An index on `created_at` finds the period's rows.
 */
export async function createdPer(db: Kysely<Database>, table: CreatedTable, period: 'week' | 'day', since: string): Promise<{ period: string; count: number }[]> {
  const bucket = period === 'week' ? parisWeek('created_at') : parisDay('created_at');
  const { rows } = await sql<{ period: string; count: string }>`
    select ${bucket} as period, count(*)::text as count
    from ${sql.table(table)}
    where created_at >= ${parisMidnight(since)}
    group by 1`.execute(db);
  return rows.map((row) => ({ period: row.period, count: Number(row.count) }));
}
