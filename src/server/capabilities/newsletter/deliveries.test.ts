import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/connection';
import { createTestDatabase } from '../../platform/testing/test-database';
import { claimDeliveries, markFailed, markSent, releaseClaim } from './deliveries';
import { queueNewsletter } from './newsletters';
import { SentRecorder } from './sent-recorder';
import { insertAccounts, type SeededAccount } from '../../platform/testing/accounts';
import { statusCounts } from '../../testing/deliveries';

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

  /** Only these accounts subscribed: each newsletter goes to them alone. */
  async function subscribersOnly(count: number): Promise<SeededAccount[]> {
    await database.db.updateTable('users').set({ newsletter: false }).execute();
    return insertAccounts(database.db, count);
  }

  const deliveryOf = (newsletterId: string, userId: string) =>
    database.db
      .selectFrom('newsletter_deliveries')
      .select(['status', 'attempts', 'claim_token', 'last_error', 'available_at'])
      .where('newsletter_id', '=', newsletterId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();

  it('records a failure for a retry after a delay that doubles, or for good, and only for the claim’s holder', async () => {
    const [first, second, third] = await subscribersOnly(3);
    const newsletterId = await newsletterToAll('Décembre', first.id);
    const token = randomUUID();
    await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token });
    const settings = { retry: true, maxAttempts: 3, retryDelayMs: 60_000 };

    // The error is kept, cut at 500 characters.
    await markFailed(database.db, { newsletterId, userId: first.id, token }, { ...settings, error: `451 ${'x'.repeat(600)}` });
    const retried = await deliveryOf(newsletterId, first.id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, claim_token: null, last_error: `451 ${'x'.repeat(496)}` });
    expect(retried.available_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(retried.available_at.getTime() - Date.now()).toBeLessThan(61_000);

    // Refused for good, or may have been delivered: no retry.
    await markFailed(database.db, { newsletterId, userId: second.id, token }, { ...settings, retry: false, error: '550 inconnu' });
    expect(await deliveryOf(newsletterId, second.id)).toMatchObject({ status: 'failed', attempts: 1, claim_token: null, last_error: '550 inconnu' });

    // A worker whose lease ran out changes nothing.
    await markFailed(database.db, { newsletterId, userId: third.id, token: randomUUID() }, { ...settings, error: 'trop tard' });
    expect(await deliveryOf(newsletterId, third.id)).toMatchObject({ status: 'sending', attempts: 0, claim_token: token, last_error: null });

    // The second attempt waits twice as long; the third is the last.
    for (const [attempt, status] of [[2, 'pending'], [3, 'failed']] as const) {
      await database.db.updateTable('newsletter_deliveries').set({ available_at: new Date(Date.now() - 1000) }).where('newsletter_id', '=', newsletterId).where('user_id', '=', first.id).execute();
      const again = randomUUID();
      await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token: again });
      await markFailed(database.db, { newsletterId, userId: first.id, token: again }, { ...settings, error: '451 encore' });
      const row = await deliveryOf(newsletterId, first.id);
      expect(row).toMatchObject({ status, attempts: attempt, claim_token: null });
      if (status === 'pending') expect(row.available_at.getTime() - Date.now()).toBeGreaterThan(110_000);
    }
  });

  it('hands back only the stopping worker’s claimed rows, due at once', async () => {
    const [first, second] = await subscribersOnly(2);
    const newsletterId = await newsletterToAll('Janvier', first.id);
    const [mine, theirs] = [randomUUID(), randomUUID()];
    expect(await claimDeliveries(database.db, { limit: 1, leaseMs: 60_000, token: mine })).toHaveLength(1);
    expect(await claimDeliveries(database.db, { limit: 1, leaseMs: 60_000, token: theirs })).toHaveLength(1);
    const claimedBy = async (token: string) =>
      (await database.db.selectFrom('newsletter_deliveries').select('user_id').where('claim_token', '=', token).executeTakeFirstOrThrow()).user_id;
    const [myRow, theirRow] = [await claimedBy(mine), await claimedBy(theirs)];
    expect([myRow, theirRow].sort()).toEqual([first.id, second.id].sort());

    await releaseClaim(database.db, mine);
    const released = await deliveryOf(newsletterId, myRow);
    expect(released).toMatchObject({ status: 'pending', claim_token: null, attempts: 0 });
    expect(released.available_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await deliveryOf(newsletterId, theirRow)).toMatchObject({ status: 'sending', claim_token: theirs });
    // Due at once: the next claim takes it.
    expect((await claimDeliveries(database.db, { limit: 10, leaseMs: 60_000, token: randomUUID() })).map((row) => row.userId)).toEqual([myRow]);
  });

  describe('a group at a time (SentRecorder)', () => {
    it('groups by newsletter and claim, records a full group at once and the others on flush', async () => {
      const accounts = await subscribersOnly(3);
      const october = await newsletterToAll('Octobre bis', accounts[0].id);
      const november = await newsletterToAll('Novembre bis', accounts[0].id);
      const token = randomUUID();
      await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token });
      let recorded = 0;
      const recorder = new SentRecorder({ db: database.db, groupSize: 2, delayMs: 60_000, onRecorded: () => (recorded += 1) });

      recorder.add({ newsletterId: october, token, userId: accounts[0].id });
      recorder.add({ newsletterId: november, token, userId: accounts[0].id });
      recorder.add({ newsletterId: october, token, userId: accounts[1].id });
      await expect.poll(() => recorded).toBe(1);
      expect(await statusCounts(database.db, october)).toMatchObject({ sending: 1, sent: 2 });
      expect(await statusCounts(database.db, november)).toMatchObject({ sending: 3, sent: 0 });

      await recorder.flush();
      expect(recorded).toBe(2);
      expect(await statusCounts(database.db, november)).toMatchObject({ sending: 2, sent: 1 });
      expect(await statusCounts(database.db, october)).toMatchObject({ sending: 1, sent: 2 });
    });

    it('records a group that does not fill up once its delay is over', async () => {
      const [account] = await subscribersOnly(1);
      const newsletterId = await newsletterToAll('Février', account.id);
      const token = randomUUID();
      await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token });
      let recorded = 0;
      const recorder = new SentRecorder({ db: database.db, groupSize: 100, delayMs: 50, onRecorded: () => (recorded += 1) });
      recorder.add({ newsletterId, token, userId: account.id });
      await expect.poll(() => recorded).toBe(1);
      expect(await statusCounts(database.db, newsletterId)).toMatchObject({ sending: 0, sent: 1 });
    });

    it('gives a group recorded when full no later timer: the next group of its claim waits its own delay', async () => {
      const accounts = await subscribersOnly(3);
      const newsletterId = await newsletterToAll('Avril', accounts[0].id);
      const token = randomUUID();
      await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token });
      let recorded = 0;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const recorder = new SentRecorder({ db: database.db, groupSize: 2, delayMs: 1000, onRecorded: () => (recorded += 1) });
        recorder.add({ newsletterId, token, userId: accounts[0].id });
        recorder.add({ newsletterId, token, userId: accounts[1].id });
        await expect.poll(() => recorded).toBe(1);
        vi.advanceTimersByTime(600);
        recorder.add({ newsletterId, token, userId: accounts[2].id });
        // The first group's delay is over, not the second's.
        vi.advanceTimersByTime(500);
        await sleep(300);
        expect(recorded).toBe(1);
        vi.advanceTimersByTime(500);
        await expect.poll(() => recorded).toBe(2);
        expect(await statusCounts(database.db, newsletterId)).toMatchObject({ sending: 0, sent: 3 });
      } finally {
        vi.useRealTimers();
      }
    });

    it('logs a group it could not record, and records the next ones', async () => {
      const [account] = await subscribersOnly(1);
      const newsletterId = await newsletterToAll('Mars', account.id);
      const token = randomUUID();
      await claimDeliveries(database.db, { limit: 1000, leaseMs: 60_000, token });
      const logged: unknown[][] = [];
      let recorded = 0;
      const recorder = new SentRecorder({
        db: database.db,
        groupSize: 100,
        delayMs: 60_000,
        onRecorded: () => (recorded += 1),
        log: { error: (...args: unknown[]) => logged.push(args) },
      });
      // Not a newsletter id: its statement fails.
      recorder.add({ newsletterId: 'pas-un-identifiant', token, userId: account.id });
      recorder.add({ newsletterId, token, userId: account.id });
      await recorder.flush();
      expect(logged).toEqual([[{ err: expect.any(Error), count: 1 }, 'newsletter worker: sent deliveries not recorded']]);
      expect(recorded).toBe(1);
      expect(await statusCounts(database.db, newsletterId)).toMatchObject({ sending: 0, sent: 1 });

      // Without a log, a failure still never rejects.
      const silent = new SentRecorder({ db: database.db, groupSize: 100, delayMs: 60_000, onRecorded: () => {} });
      silent.add({ newsletterId: 'pas-un-identifiant', token, userId: account.id });
      await expect(silent.flush()).resolves.toBeUndefined();
    });
  });
});
