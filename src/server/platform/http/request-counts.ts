import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface RequestCountsTable {
  /** The limit's name and whose budget, `auth:203.0.113.7`. */
  key: string;
  count: number;
  window_ends_at: Date;
}

declare module '../db/schema' {
  interface Database {
    request_counts: RequestCountsTable;
  }
}

/**
 * Counts one request against `key`'s budget and returns how many the window now holds, this
 * one included. One statement, so requests on every instance count together and none can pass
 * between a read and a write: the row is the window, begun by its first request (a fixed
 * window, as @fastify/rate-limit counted before), started again once it has ended.
 */
export async function countRequest(db: Kysely<Database>, key: string, windowMs: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    insert into request_counts as counted (key, count, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when counted.window_ends_at <= now() then 1 else counted.count + 1 end,
      window_ends_at = case when counted.window_ends_at <= now() then excluded.window_ends_at else counted.window_ends_at end
    returning count`.execute(db);
  return rows[0].count;
}

/** Windows that have ended hold nothing any check reads. */
export async function purgeRequestCounts(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('request_counts').where('window_ends_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
