import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { DeliveryStatus } from '../capabilities/newsletter/tables';

type StatusCounts = Record<DeliveryStatus, number>;

export async function statusCounts(db: Kysely<Database>, newsletterId: string): Promise<StatusCounts> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('newsletter_id', '=', newsletterId)
    .groupBy('status')
    .execute();
  const counts: StatusCounts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Resolves once no delivery of the newsletter is waiting or being sent. */
export async function waitUntilSettled(db: Kysely<Database>, newsletterId: string, timeoutMs = 20_000): Promise<StatusCounts> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await statusCounts(db, newsletterId);
    if (counts.pending === 0 && counts.sending === 0) return counts;
    if (Date.now() > deadline) throw new Error(`newsletter not settled: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
