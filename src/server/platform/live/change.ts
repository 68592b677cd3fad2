import type { Kysely, RawBuilder } from 'kysely';
import type { LiveTopic } from '../../../shared/live';
import type { Database } from '../db/schema';
import { announce, noticeExpression } from './announce';
import type { LiveHub } from './live-hub';

/** A change of data under way, and what it tells. */
export interface Change {
  /** Where the change writes: its transaction (or the database, for a change of one statement). */
  db: Kysely<Database>;
  /** Tells every instance, and so every open page, that `topic` changed: delivered only if the change commits. */
  announce(topic: LiveTopic, data?: unknown): Promise<void>;
  /** The same notice as an expression of the change's own statement (`select pg_notify(…) from …`). */
  notice(topic: LiveTopic, data?: unknown): RawBuilder<unknown>;
}

/**
 * The one way a request changes data and tells everyone: `work` writes and announces; the
 * notices leave with the commit (`pg_notify`), every instance hears them, and once committed,
 * this instance's own caches of the topics told are dropped at once, since its notice would
 * come back after the answer. `oneStatement`: `work` sends a single statement, which commits
 * by itself, so no transaction is opened around it. Without a hub (a job, a command), the
 * notices alone tell every instance.
 */
export async function change<T>(
  app: { database: { db: Kysely<Database> }; liveHub?: Pick<LiveHub, 'invalidate'> },
  work: (change: Change) => Promise<T>,
  { oneStatement = false } = {},
): Promise<T> {
  const told = new Set<LiveTopic>();
  const on = (db: Kysely<Database>): Change => ({
    db,
    async announce(topic, data) {
      told.add(topic);
      await announce(db, topic, data);
    },
    notice(topic, data) {
      told.add(topic);
      return noticeExpression(topic, data);
    },
  });
  const { db } = app.database;
  const result = oneStatement ? await work(on(db)) : await db.transaction().execute((trx) => work(on(trx)));
  for (const topic of told) app.liveHub?.invalidate(topic);
  return result;
}
