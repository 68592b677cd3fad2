import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface LiveStreamCountsTable {
  client_key: string;
  /** The instance that holds the streams (a random id per process). */
  instance: string;
  streams: number;
  /** Refreshed by its instance while it lives: older rows are a dead instance's and count for nothing. */
  seen_at: Date;
}

declare module '../db/schema' {
  interface Database {
    live_stream_counts: LiveStreamCountsTable;
  }
}

/** How often an instance says its rows are still alive, and how long they count without it. */
export const STREAM_COUNTS_REFRESH_MS = 30_000;
const STALE = sql<Date>`now() - interval '90 seconds'`;

/**
 * Counts one more stream for `clientKey` on `instance` when the client holds fewer than `max`
 * on all the instances together; false when it holds that many already. A transaction lock
 * on the client's key lets one instance at a time read and change its total (a lock that ends
 * with the transaction, so it holds behind a pooler in transaction mode too).
 */
export async function openStream(db: Kysely<Database>, clientKey: string, instance: string, max: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`live:${clientKey}`}, 0))`.execute(trx);
    const { rows } = await sql<{ streams: number }>`
      insert into live_stream_counts as counted (client_key, instance, streams, seen_at)
      select ${clientKey}, ${instance}, 1, now()
      where (select coalesce(sum(streams), 0) from live_stream_counts where client_key = ${clientKey} and seen_at > ${STALE}) < ${max}
      on conflict (client_key, instance) do update set streams = counted.streams + 1, seen_at = now()
      returning streams`.execute(trx);
    return rows.length > 0;
  });
}

/** One stream of `clientKey` on `instance` ended (an emptied row is removed with the stale ones). */
export async function closeStream(db: Kysely<Database>, clientKey: string, instance: string) {
  await db
    .updateTable('live_stream_counts')
    .set({ streams: sql<number>`streams - 1` })
    .where('client_key', '=', clientKey)
    .where('instance', '=', instance)
    .execute();
}

/** The instance's rows are alive; rows no instance refreshed, and emptied ones, are removed. */
export async function refreshStreams(db: Kysely<Database>, instance: string) {
  await db.updateTable('live_stream_counts').set({ seen_at: sql<Date>`now()` }).where('instance', '=', instance).execute();
  await db
    .deleteFrom('live_stream_counts')
    .where((row) => row.or([row('seen_at', '<=', STALE), row('streams', '<=', 0)]))
    .execute();
}

/** The instance stops: its streams ended with it. */
export async function forgetStreams(db: Kysely<Database>, instance: string) {
  await db.deleteFrom('live_stream_counts').where('instance', '=', instance).execute();
}
