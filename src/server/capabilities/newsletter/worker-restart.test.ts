import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject, it } from 'vitest';
import { defaultPublicConfig } from '../../../shared/public-config';
import { openDatabase, type DatabaseHandle } from '../../platform/db/connection';
import { createMailer } from '../../platform/mail/mailer';
import { createTestDatabase } from '../../platform/testing/test-database';
import { queueNewsletter } from './newsletters';
import { insertAccounts } from '../../platform/testing/accounts';
import { waitUntilSettled } from '../../testing/deliveries';
import { TestSmtp } from '../../platform/testing/smtp-server';
import { NewsletterWorker, type WorkerSettings } from './worker';

const RECIPIENTS = 500;
const KILL_AT = 150;
const KILLED_WORKER = {
  concurrency: 5,
  ratePerSecond: 150,
  recordGroupSize: 10,
  // A send that times out is recorded as failed, not retried: the timeout is well above
  // what a loaded test machine needs, and the lease above it.
  leaseMs: 8000,
  sendTimeoutMs: 6000,
} satisfies Partial<WorkerSettings>;
// Accepted by the server but not yet recorded when the process dies, so sent again: the mails
// in flight, a group of sent deliveries being written and the one filling up.
const RESEND_WINDOW = KILLED_WORKER.concurrency + 2 * KILLED_WORKER.recordGroupSize;
const workerProcess = fileURLToPath(new URL('../../testing/worker-process.ts', import.meta.url));

/**
 * PostgreSQL when TEST_DATABASE_URL is set; otherwise an embedded database in a folder,
 * which the two processes open in turn (PGlite allows one process at a time).
 */
async function sharedDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return { database, env: { DATABASE_URL: database.url! }, handOver: async () => {}, reopen: async () => database, remove: async () => {} };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-newsletter-restart-'));
  // The migrated template, unpacked into the folder (openDatabase keeps its files in 'db').
  const template = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
  await template.close();
  const database = await openDatabase({ dataDir });
  return {
    database,
    env: { DATA_DIR: dataDir },
    handOver: () => database.close(),
    reopen: () => openDatabase({ dataDir }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

it('resumes a sending after its process is killed: one copy each, except the mails not yet recorded', { timeout: 90_000 }, async () => {
  // Killed while the 150th message is being accepted: mid-batch, with mails in flight.
  let kill = () => {};
  const smtp = await TestSmtp.start({ onReceived: (count) => count === KILL_AT && kill() });
  const shared = await sharedDatabase();
  const accounts = await insertAccounts(shared.database.db, RECIPIENTS);
  const { newsletterId, total } = await queueNewsletter(shared.database.db, {
    title: 'Grande nouvelle',
    description: 'Tout le monde la reçoit',
    letter: 'Bonjour à **tous** !',
    filter: undefined,
    createdBy: accounts[0].id,
  });
  expect(total).toBe(RECIPIENTS);
  await shared.handOver();

  const child = spawn(process.execPath, ['--import', 'tsx', workerProcess], {
    env: { ...process.env, ...shared.env, SMTP_URL: smtp.url, WORKER_SETTINGS: JSON.stringify(KILLED_WORKER) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  kill = () => child.kill('SIGKILL');
  await exited;
  const acceptedAtKill = smtp.accepted.length;
  expect(acceptedAtKill).toBeLessThan(RECIPIENTS);

  const database: DatabaseHandle = await shared.reopen();
  const rows = await database.db.selectFrom('newsletter_deliveries').select(['email', 'status']).where('newsletter_id', '=', newsletterId).execute();
  const inFlight = new Set(rows.filter((row) => row.status === 'sending').map((row) => row.email));
  const sentAtKill = rows.filter((row) => row.status === 'sent').length;
  // Some deliveries were left claimed by the dead process, the last accepted one among them.
  const lastAccepted = smtp.accepted[KILL_AT - 1].to;
  expect(inFlight.has(lastAccepted)).toBe(true);
  // Accepted by the server but not yet marked: the only mails that may go twice.
  expect(acceptedAtKill - sentAtKill).toBeLessThanOrEqual(RESEND_WINDOW);

  // The restarted instance: it takes the dead one's claims once their lease has run out.
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Unissons <no-reply@exemple.fr>', dataDir: '/nonexistent' });
  const worker = new NewsletterWorker({
    db: database.db,
    mailer,
    site: defaultPublicConfig,
    settings: { ratePerSecond: 1000, pollMs: 100 },
  });
  worker.start();
  const counts = await waitUntilSettled(database.db, newsletterId, 60_000);
  await worker.stop();
  mailer.close();

  expect(counts).toEqual({ pending: 0, sending: 0, sent: RECIPIENTS, failed: 0 });
  const copies = smtp.copies();
  expect(copies.size).toBe(RECIPIENTS);
  for (const account of accounts) expect(copies.get(account.email)).toBeGreaterThanOrEqual(1);
  const twice = [...copies].filter(([, count]) => count > 1);
  // Accepted by the server as the process died, so never marked: the one kind of double.
  expect(copies.get(lastAccepted)).toBe(2);
  expect(twice.length).toBeLessThanOrEqual(RESEND_WINDOW);
  for (const [email, count] of twice) {
    expect(count).toBe(2);
    expect(inFlight.has(email)).toBe(true);
  }

  await database.close();
  await shared.remove();
  await smtp.stop();
});
