import { sql, type Kysely } from 'kysely';
import type { LiveNotice, LiveTopic } from '../../../shared/live';
import type { Database } from '../../db/schema';

export const LIVE_CHANNEL = 'site_changes';

/**
 * Tells every server instance (and so every open page) that something changed. Called with
 * a transaction, the notice is delivered only if that transaction commits.
 */
export async function announce(db: Kysely<Database>, topic: LiveTopic, data?: unknown) {
  const notice: LiveNotice = data === undefined ? { topic } : { topic, data };
  await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
}
