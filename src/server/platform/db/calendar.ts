import { sql, type RawBuilder } from 'kysely';

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
export function parisDay(column: string): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} at time zone 'Europe/Paris')::date::text`;
}

/** Midnight in Paris at the start of `date`, as a timestamp to compare a column with. */
export function parisMidnight(date: string): RawBuilder<Date> {
  return sql<Date>`(${date}::date)::timestamp at time zone 'Europe/Paris'`;
}

/** Today in Paris. */
export const PARIS_TODAY = sql<string>`(now() at time zone 'Europe/Paris')::date::text`;
