import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface NewsletterSendPaceTable {
  id: boolean;
  /** When the next mail may start, site-wide: the end of the last slots handed out. */
  next_at: Date;
}

declare module '../../platform/db/schema' {
  interface Database {
    newsletter_send_pace: NewsletterSendPaceTable;
  }
}

/**
 * Reserves `count` consecutive sending slots of the site-wide rate (NEWSLETTER_RATE_PER_SECOND,
 * whatever the number of instances) and returns in how many milliseconds the first begins; the
 * others follow it every 1/rate second. One statement per group of slots, not per mail: the
 * workers of every instance take their slots from the same row, one after the other, so
 * together they never start more than the rate. Timed on the database's clock, which the
 * instances share, and returned as a delay, which needs no agreement between their clocks.
 */
export async function reserveSendSlots(db: Kysely<Database>, count: number, ratePerSecond: number): Promise<number> {
  const { rows } = await sql<{ startsInMs: number }>`
    update newsletter_send_pace
    set next_at = greatest(next_at, now()) + ${count / ratePerSecond}::float8 * interval '1 second'
    returning (extract(epoch from next_at - now()) * 1000 - ${(count * 1000) / ratePerSecond}::float8)::float8 as "startsInMs"`.execute(db);
  return Math.max(0, rows[0].startsInMs);
}
