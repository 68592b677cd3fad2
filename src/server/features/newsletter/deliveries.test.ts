import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection';
import { createTestDatabase } from '../../testing/test-database';
import { claimDeliveries, markSent } from './deliveries';
import { queueNewsletter } from './newsletters';
import { insertAccounts } from './testing/accounts';
import { statusCounts } from './testing/deliveries';

describe('recording sent deliveries', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  async function newsletterToAll(title: string, createdBy: string) {
    const queued = await queueNewsletter(database.db, { title, description: 'Nouvelles', letter: 'Bonjour', filter: undefined, createdBy });
    return queued.newsletterId;
  }

  it('marks only the named newsletter’s rows, of that claim, for those recipients', async () => {
    await database.db.updateTable('users').set({ newsletter: false }).execute();
    const accounts = await insertAccounts(database.db, 3);
    const [first, second, third] = accounts;
    const october = await newsletterToAll('Octobre', first.id);
    const november = await newsletterToAll('Novembre', first.id);
    // One claim holds both newsletters' rows for the same recipients.
    const token = randomUUID();
    const claimed = await claimDeliveries(database.db, { limit: 10, leaseMs: 60_000, token });
    expect(claimed).toHaveLength(6);

    await markSent(database.db, { newsletterId: october, token, userIds: [first.id, second.id] });
    // Another claim's token changes nothing.
    await markSent(database.db, { newsletterId: october, token: randomUUID(), userIds: [third.id] });

    expect(await statusCounts(database.db, october)).toEqual({ pending: 0, sending: 1, sent: 2, failed: 0 });
    expect(await statusCounts(database.db, november)).toEqual({ pending: 0, sending: 3, sent: 0, failed: 0 });
    const sent = await database.db
      .selectFrom('newsletter_deliveries')
      .select(['user_id', 'claim_token', 'sent_at'])
      .where('status', '=', 'sent')
      .execute();
    expect(sent.map((row) => row.user_id).sort()).toEqual([first.id, second.id].sort());
    expect(sent.every((row) => row.claim_token === null && row.sent_at instanceof Date)).toBe(true);
  });
});
