import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../../shared/public-config';
import { openDatabase, type DatabaseHandle } from '../../platform/db/connection';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { createTestDatabase } from '../../platform/testing/test-database';
import { queueNewsletter } from './newsletters';
import { insertAccounts } from '../../platform/testing/accounts';
import { statusCounts, waitUntilSettled } from '../../testing/deliveries';
import { TestSmtp, type TestSmtpOptions } from '../../platform/testing/smtp-server';
import { NewsletterWorker, type WorkerSettings } from './worker';

// The lease still leaves time for a whole SMTP exchange (the worker starts none it could outlive).
// A send that times out is not retried (it may have been delivered), so the timeout is far
// above what a loaded test machine needs.
const FAST = {
  ratePerSecond: 1000,
  retryDelayMs: 50,
  pollMs: 50,
  leaseMs: 40_000,
  sendTimeoutMs: 20_000,
} satisfies Partial<WorkerSettings>;

describe('the newsletter sending worker', () => {
  let database: DatabaseHandle;
  // Workers, mailers and servers of one test, stopped before the next test starts.
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    // A test that failed midway leaves deliveries queued: the next test's worker must not send them.
    await database.db.deleteFrom('newsletter_deliveries').where('status', 'in', ['pending', 'sending']).execute();
  });

  afterAll(async () => {
    await database.close();
  });

  async function smtp(options?: TestSmtpOptions) {
    const server = await TestSmtp.start(options);
    cleanups.push(() => server.stop());
    return server;
  }

  function mailer(server: TestSmtp): Mailer {
    const created = createMailer({ smtpUrl: server.url, from: 'Unissons <no-reply@exemple.fr>', dataDir: '/nonexistent' });
    cleanups.push(() => created.close());
    return created;
  }

  function worker(db: DatabaseHandle, server: TestSmtp, settings: Partial<WorkerSettings> = {}, via = mailer(server)) {
    const created = new NewsletterWorker({ db: db.db, mailer: via, site: defaultPublicConfig, settings: { ...FAST, ...settings } });
    cleanups.push(() => created.stop());
    return created;
  }

  /** Only this test's accounts subscribed, so its newsletter goes to exactly them. */
  async function newsletterTo(accounts: { id: string }[]) {
    await database.db.updateTable('users').set({ newsletter: false }).execute();
    await database.db
      .updateTable('users')
      .set({ newsletter: true })
      .where(
        'id',
        'in',
        accounts.map((account) => account.id),
      )
      .execute();
    const queued = await queueNewsletter(database.db, {
      title: 'Les nouvelles du mois',
      description: 'Ce qui bouge chez nous',
      letter: '## Bonjour\n\nDu nouveau !',
      filter: undefined,
      createdBy: accounts[0].id,
    });
    expect(queued.total).toBe(accounts.length);
    return queued.newsletterId;
  }

  async function waitForSent(newsletterId: string, count: number) {
    const deadline = Date.now() + 10_000;
    while ((await statusCounts(database.db, newsletterId)).sent < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} deliveries recorded as sent`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('retries a temporary refusal a bounded number of times, with a growing delay; a permanent one fails at once', async () => {
    const normal = await insertAccounts(database.db, 4);
    const refused = await insertAccounts(database.db, 2, { emails: ['refus-1@exemple.fr', 'refus-2@exemple.fr'] });
    const flaky = await insertAccounts(database.db, 1, { emails: ['instable@exemple.fr'] });
    const busy = await insertAccounts(database.db, 1, { emails: ['occupe@exemple.fr'] });
    const server = await smtp({
      refuse: (address, attempt) =>
        address.startsWith('refus') ? 550 : address.startsWith('occupe') || (address.startsWith('instable') && attempt === 1) ? 451 : undefined,
    });
    const newsletterId = await newsletterTo([...normal, ...refused, ...flaky, ...busy]);
    worker(database, server, { maxAttempts: 3 }).start();

    const counts = await waitUntilSettled(database.db, newsletterId);
    expect(counts).toEqual({ pending: 0, sending: 0, sent: 5, failed: 3 });
    const copies = server.copies();
    for (const account of [...normal, ...flaky]) expect(copies.get(account.email)).toBe(1);
    for (const account of [...refused, ...busy]) expect(copies.get(account.email)).toBeUndefined();

    // 550 (no such user): asked once, never again.
    for (const account of refused) expect(server.attempts.get(account.email)).toHaveLength(1);
    // 451 (try later): three attempts, the second wait about twice the first (50 ms, then 100 ms).
    const times = server.attempts.get('occupe@exemple.fr')!;
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(95);
    const rows = await database.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'status', 'attempts', 'last_error', 'sent_at'])
      .where('newsletter_id', '=', newsletterId)
      .execute();
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('refus-1@exemple.fr')).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(byEmail.get('refus-1@exemple.fr')!.last_error).toContain('550');
    expect(byEmail.get('occupe@exemple.fr')).toMatchObject({ status: 'failed', attempts: 3, sent_at: null });
    expect(byEmail.get('instable@exemple.fr')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byEmail.get(normal[0].email)).toMatchObject({ status: 'sent', attempts: 0, last_error: null });
  });

  it('waits while the mail server is out of service, spending no attempt, and sends each member one copy once it is back', async () => {
    const accounts = await insertAccounts(database.db, 30);
    const server = await smtp({ acceptDelayMs: 5 });
    server.down = true;
    const newsletterId = await newsletterTo(accounts);
    worker(database, server, { maxAttempts: 2, pathPauseMs: 100, pathPauseMaxMs: 400 }).start();

    // Refused a few times over, several pauses long: far past what two attempts each would allow.
    const deadline = Date.now() + 15_000;
    while (server.refusedWhileDown < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.refusedWhileDown).toBeGreaterThanOrEqual(3);
    expect((await statusCounts(database.db, newsletterId)).failed).toBe(0);
    // Tried again after pauses that grow: a few tries, not one per mail and millisecond.
    expect(server.refusedWhileDown).toBeLessThan(200);
    // The worker records a refusal after the server counted it: wait for the record.
    const waiting = () => database.db.selectFrom('newsletter_deliveries').select(['attempts', 'last_error']).where('newsletter_id', '=', newsletterId).execute();
    await expect.poll(async () => (await waiting()).some((row) => row.last_error?.includes('421')), { timeout: 10_000 }).toBe(true);
    for (const row of await waiting()) expect(row.attempts).toBe(0);

    server.down = false;
    const counts = await waitUntilSettled(database.db, newsletterId);
    expect(counts).toEqual({ pending: 0, sending: 0, sent: 30, failed: 0 });
    const copies = server.copies();
    for (const account of accounts) expect(copies.get(account.email)).toBe(1);
  });

  it('never retries a message the server may have taken: its reply came after the timeout', async () => {
    const [account] = await insertAccounts(database.db, 1);
    // The server receives the whole message, then answers only after the worker gave up.
    const server = await smtp({ acceptDelayMs: 800 });
    const newsletterId = await newsletterTo([account]);
    worker(database, server, { sendTimeoutMs: 200, maxAttempts: 3 }).start();

    expect(await waitUntilSettled(database.db, newsletterId)).toEqual({ pending: 0, sending: 0, sent: 0, failed: 1 });
    await server.waitForAccepted(1);
    // Several retry delays (50 ms) later: still one attempt, one copy.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.attempts.get(account.email)).toHaveLength(1);
    expect(server.copies().get(account.email)).toBe(1);
    const row = await database.db
      .selectFrom('newsletter_deliveries')
      .select(['status', 'attempts', 'last_error'])
      .where('newsletter_id', '=', newsletterId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('may have been delivered');
  });

  it('hands at most `concurrency` messages to the SMTP pool at once', async () => {
    const accounts = await insertAccounts(database.db, 12);
    const server = await smtp({ acceptDelayMs: 60 });
    const newsletterId = await newsletterTo(accounts);
    worker(database, server, { concurrency: 2 }).start();
    await waitUntilSettled(database.db, newsletterId);
    expect(server.accepted).toHaveLength(12);
    expect(server.maxConcurrent).toBe(2);
  });

  it('keeps to its rate', async () => {
    const accounts = await insertAccounts(database.db, 12);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    const startedAt = Date.now();
    // More lanes than the rate needs: the pacing, not the lanes, holds it back.
    worker(database, server, { concurrency: 20, ratePerSecond: 20 }).start();
    await waitUntilSettled(database.db, newsletterId);
    // 12 starts, at most 20 a second: the last no sooner than 550 ms after the first.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(550);
    expect(server.accepted).toHaveLength(12);
  });

  it('keeps the workers of several instances, together, to the one site-wide rate', async () => {
    const accounts = await insertAccounts(database.db, 24);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    const others = database.url ? await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: database.url }))) : [database, database];
    for (const other of others) if (other !== database) cleanups.push(() => other.close());
    const startedAt = Date.now();
    for (const db of [database, ...others]) worker(db, server, { concurrency: 20, ratePerSecond: 20 }).start();
    await waitUntilSettled(database.db, newsletterId);
    // 24 starts at 20 a second for the whole site (each worker alone would allow 20): the
    // last no sooner than 1,150 ms after the first.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1100);
    expect([...server.copies().values()]).toEqual(Array(24).fill(1));
  });

  it('records sent deliveries a group at a time, and every one of them before stop() resolves', async () => {
    const accounts = await insertAccounts(database.db, 10);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    // Groups of 4; a smaller group would wait a minute, so only stop() can record it.
    const sending = worker(database, server, { recordGroupSize: 4, recordDelayMs: 60_000 });
    sending.start();
    await server.waitForAccepted(10);
    await waitForSent(newsletterId, 8);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Accepted by the server, not yet recorded: the two of the group still filling up.
    expect(await statusCounts(database.db, newsletterId)).toEqual({ pending: 0, sending: 2, sent: 8, failed: 0 });

    await sending.stop();
    expect(await statusCounts(database.db, newsletterId)).toEqual({ pending: 0, sending: 0, sent: 10, failed: 0 });
    expect(server.copies().size).toBe(10);
  });

  it('hands back the rest of its batch when stopped, for another worker to send', async () => {
    const accounts = await insertAccounts(database.db, 10);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    const first = worker(database, server, { ratePerSecond: 10, concurrency: 1 });
    first.start();
    await server.waitForAccepted(3);
    await first.stop();
    const afterStop = await statusCounts(database.db, newsletterId);
    expect(afterStop.sending).toBe(0);
    expect(afterStop.sent).toBe(server.accepted.length);
    expect(afterStop.pending).toBe(10 - server.accepted.length);

    worker(database, server).start();
    await waitUntilSettled(database.db, newsletterId);
    expect([...server.copies().values()].every((count) => count === 1)).toBe(true);
    expect(server.copies().size).toBe(10);
  });

  it('gives up the sends still unanswered stopGraceMs after stop(), as uncertain, so a shutdown ends in time', async () => {
    const accounts = await insertAccounts(database.db, 8);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    // A mail path that answers only when the test lets it: stop() must give up at its grace, whatever the load (waiting, it would end only at the 20 s send timeout, recorded as another error).
    const held: (() => void)[] = [];
    const real = mailer(server);
    const holding: Mailer = {
      send: (mail) => new Promise((resolve, reject) => held.push(() => void real.send(mail).then(resolve, reject))),
      close: () => real.close(),
    };
    const sending = worker(database, server, { concurrency: 3, stopGraceMs: 200 }, holding);
    sending.start();
    while (held.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    await sending.stop();
    // The three in the exchange are recorded as failed, never sent again; the rest handed back.
    expect(await statusCounts(database.db, newsletterId)).toEqual({ pending: 5, sending: 0, sent: 0, failed: 3 });
    const failed = await database.db
      .selectFrom('newsletter_deliveries')
      .select('last_error')
      .where('newsletter_id', '=', newsletterId)
      .where('status', '=', 'failed')
      .execute();
    for (const row of failed) expect(row.last_error).toMatch(/^may have been delivered.*shutdown/);

    // The next worker sends the rest; the given-up three, answered only now, still reach the server: one copy each.
    for (const release of held) release();
    worker(database, server).start();
    expect(await waitUntilSettled(database.db, newsletterId)).toEqual({ pending: 0, sending: 0, sent: 5, failed: 3 });
    await server.waitForAccepted(8);
    expect([...server.copies().values()]).toEqual(Array(8).fill(1));
  });

  it('lets two workers on one database share a sending without sending anything twice', async () => {
    const accounts = await insertAccounts(database.db, 300);
    const server = await smtp();
    const newsletterId = await newsletterTo(accounts);
    // On PostgreSQL the second worker has its own connection pool, as another instance would.
    const other = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    if (other !== database) cleanups.push(() => other.close());
    const sentBy = { a: 0, b: 0 };
    const counting = (name: 'a' | 'b'): Mailer => {
      const inner = mailer(server);
      return {
        async send(mail) {
          await inner.send(mail);
          sentBy[name] += 1;
        },
        close: () => inner.close(),
      };
    };
    // Small groups, and claims of 100 (a second at this rate) interleaved between the two.
    const settings = { ratePerSecond: 100, recordGroupSize: 10 };
    worker(database, server, settings, counting('a')).start();
    worker(other, server, settings, counting('b')).start();

    const counts = await waitUntilSettled(database.db, newsletterId);
    expect(counts.sent).toBe(300);
    const copies = server.copies();
    expect(copies.size).toBe(300);
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    expect(sentBy.a + sentBy.b).toBe(300);
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
  });

  it('claims the next batch before its queue runs dry, then waits for a wake-up or the poll once nothing is due', async () => {
    const accounts = await insertAccounts(database.db, 12);
    const server = await smtp();
    // Claims of 10 (the rate, a second of sending): the last two need a second claim.
    const sending = worker(database, server, { concurrency: 1, ratePerSecond: 10, pollMs: 60_000 });
    const first = await newsletterTo(accounts);
    sending.start();
    expect(await waitUntilSettled(database.db, first)).toMatchObject({ sent: 12 });

    // Nothing was due at the last claim: a newsletter queued now waits for the wake-up the
    // admin routes send, not for a claim every moment.
    const second = await newsletterTo(accounts.slice(0, 2));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await statusCounts(database.db, second)).toMatchObject({ pending: 2, sending: 0 });
    sending.wake();
    expect(await waitUntilSettled(database.db, second)).toMatchObject({ sent: 2 });
  });

  it('claims again at once when woken while a claim finds nothing, instead of idling until the poll', async (context) => {
    // The embedded database runs statements one after another: a claim sent behind a slow
    // statement runs before a newsletter queued after it, and a wake-up given meanwhile is the
    // one another instance sends when it queues a newsletter while this one's claim is out.
    if (database.mode !== 'pglite') return context.skip('the order of statements is only certain on the embedded database');
    const accounts = await insertAccounts(database.db, 2);
    const server = await smtp();
    const sending = worker(database, server, { pollMs: 60_000 });
    sending.start();
    // What earlier tests handed back is sent first; then a claim finds nothing, and the worker idles.
    const waiting = () => database.db.selectFrom('newsletter_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['pending', 'sending']).executeTakeFirstOrThrow();
    await expect.poll(async () => Number((await waiting()).n), { timeout: 10_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));

    await database.db.updateTable('users').set({ newsletter: false }).execute();
    await database.db.updateTable('users').set({ newsletter: true }).where('id', 'in', accounts.map((account) => account.id)).execute();
    const slow = sql`select pg_sleep(0.3)`.execute(database.db);
    sending.wake();
    // The claim is now queued behind the sleep; the newsletter (one transaction) behind the claim.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queued = queueNewsletter(database.db, { title: 'Entre deux', description: '', letter: 'Bonjour', filter: undefined, createdBy: accounts[0].id });
    sending.wake();
    await slow;
    const { newsletterId } = await queued;
    // Well before the poll: the claim that found nothing was followed by another.
    await waitForSent(newsletterId, 2);
  });

  it('logs a failed claim and tries again only at the next poll', async () => {
    const broken = await createTestDatabase();
    cleanups.push(() => broken.close());
    await sql`drop table newsletter_deliveries`.execute(broken.db);
    const server = await smtp();
    const logged: unknown[][] = [];
    const failing = new NewsletterWorker({
      db: broken.db,
      mailer: mailer(server),
      site: defaultPublicConfig,
      log: { error: (...args: unknown[]) => logged.push(args) },
      settings: { ...FAST, pollMs: 60_000 },
    });
    failing.start();
    await expect.poll(() => logged.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged).toEqual([[{ err: expect.any(Error) }, 'newsletter worker: claim failed']]);
    await failing.stop();

    // Without a log the failure is dropped all the same: the worker stops cleanly.
    const quiet = worker(broken, server, { pollMs: 60_000 });
    quiet.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await quiet.stop();
  });
});
