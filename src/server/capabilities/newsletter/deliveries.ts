import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface ClaimedDelivery {
  newsletterId: string;
  userId: string;
  email: string;
  name: string;
  attempts: number;
}

/**
 * Takes up to `limit` deliveries that are due: waiting ones, ones whose retry delay is over,
 * and ones whose claim's lease ran out (their worker died). `FOR UPDATE SKIP LOCKED` lets
 * the workers of several instances claim at the same moment without ever taking the same
 * row. The lease is the claim's lifetime: past it, another worker may take the row again.
 * The rows are picked by their physical address (`ctid`, stable while they are locked), so
 * the update fetches exactly them instead of joining the whole queue.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  { limit, leaseMs, token }: { limit: number; leaseMs: number; token: string },
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    update newsletter_deliveries
    set status = 'sending', claim_token = ${token}, available_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
    where ctid = any(array(
      select ctid from newsletter_deliveries
      where status in ('pending', 'sending') and available_at <= now()
      order by available_at
      limit ${limit}
      for update skip locked
    ))
    returning newsletter_id as "newsletterId", user_id as "userId", email, name, attempts`.execute(db);
  return rows;
}

export type Outcome = { newsletterId: string; userId: string; token: string };

// Only the claim's holder records an outcome: a worker whose lease ran out changes nothing.
const heldBy = ({ newsletterId, userId, token }: Outcome) =>
  sql<boolean>`newsletter_id = ${newsletterId} and user_id = ${userId} and claim_token = ${token} and status = 'sending'`;

/**
 * Records deliveries of one claim and one newsletter as sent, in one statement; like every
 * outcome, only where the claim still holds the row. Called only with messages the SMTP
 * server accepted. The rows are found through the primary key (newsletter, then the users):
 * joining a list of (newsletter, user, claim) triples instead made the planner compare every
 * pair, and scan the whole queue once the 'sending' rows outgrew its statistics.
 */
export async function markSent(db: Kysely<Database>, { newsletterId, token, userIds }: { newsletterId: string; token: string; userIds: string[] }) {
  await sql`
    update newsletter_deliveries
    set status = 'sent', sent_at = now(), claim_token = null, last_error = null
    where newsletter_id = ${newsletterId} and user_id = any(${userIds}::uuid[])
      and claim_token = ${token} and status = 'sending'`.execute(db);
}

/**
 * A failed attempt: retried after a delay that doubles each time, until `maxAttempts`; at
 * once recorded as failed when a retry could send a second copy (`retry: false`).
 */
export async function markFailed(
  db: Kysely<Database>,
  outcome: Outcome,
  { error, retry, maxAttempts, retryDelayMs }: { error: string; retry: boolean; maxAttempts: number; retryDelayMs: number },
) {
  await db
    .updateTable('newsletter_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      status: retry ? sql`case when attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end` : 'failed',
      available_at: sql`now() + ${retryDelayMs}::float8 * power(2, attempts) * interval '1 millisecond'`,
      last_error: error.slice(0, 500),
      claim_token: null,
    })
    .where(heldBy(outcome))
    .execute();
}

/**
 * A delivery the mail path could not take (the server down): back in the queue after
 * `delayMs`, its attempts untouched, since nothing reached the server.
 */
export async function putBack(db: Kysely<Database>, outcome: Outcome, { error, delayMs }: { error: string; delayMs: number }) {
  await db
    .updateTable('newsletter_deliveries')
    .set({
      status: 'pending',
      available_at: sql`now() + ${delayMs}::float8 * interval '1 millisecond'`,
      last_error: error.slice(0, 500),
      claim_token: null,
    })
    .where(heldBy(outcome))
    .execute();
}

/** Hands back claimed deliveries that were not started (the worker is stopping). */
export async function releaseClaim(db: Kysely<Database>, token: string) {
  await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'pending', available_at: sql`now()`, claim_token: null })
    .where('claim_token', '=', token)
    .where('status', '=', 'sending')
    .execute();
}

/** Deliveries waiting to be sent and being sent, over every newsletter (the partial index `newsletter_deliveries_due`). */
export async function queuedDeliveries(db: Kysely<Database>): Promise<{ pending: number; sending: number }> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', 'in', ['pending', 'sending'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { pending: count('pending'), sending: count('sending') };
}
