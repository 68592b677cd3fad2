import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './platform/db/connection';
import { queueNewsletter } from './capabilities/newsletter/newsletters';
import { insertAccounts } from './platform/testing/accounts';
import { statusCounts } from './testing/deliveries';
import { TestSmtp } from './platform/testing/smtp-server';
import { createTestDatabase } from './platform/testing/test-database';
import { startServerProcess } from './platform/testing/server-process';

const RECIPIENTS = 120;
// Mails per second: the sending lasts several seconds, so SIGTERM lands in its middle.
const RATE = 20;
const STOP_AFTER = 30;

/**
 * PostgreSQL when TEST_DATABASE_URL is set; otherwise an embedded database in a folder,
 * which the test and the server open in turn (PGlite allows one process at a time).
 */
async function sharedDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return { database, env: { DATABASE_URL: database.url!, DATA_DIR: os.tmpdir() }, handOver: async () => {}, reopen: async () => database };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-shutdown-'));
  // The migrated template, unpacked into the folder (openDatabase keeps its files in 'db').
  const template = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
  await template.close();
  const database = await openDatabase({ dataDir });
  return {
    database,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    handOver: () => database.close(),
    reopen: () => openDatabase({ dataDir }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

it('stops on SIGTERM mid-sending, on its own: live streams ended, every sent mail recorded, the rest sent once after restart', { timeout: 120_000 }, async () => {
  // Each message takes the server a while to accept: SIGTERM finds mails in the middle of their exchange.
  const smtp = await TestSmtp.start({ acceptDelayMs: 150 });
  const shared = await sharedDatabase();
  const accounts = await insertAccounts(shared.database.db, RECIPIENTS);
  const { newsletterId } = await queueNewsletter(shared.database.db, {
    title: 'Grande nouvelle',
    description: 'Tout le monde la reçoit',
    letter: 'Bonjour à **tous** !',
    filter: undefined,
    createdBy: accounts[0].id,
  });
  await shared.handOver();
  const env = { ...shared.env, SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_SECOND: String(RATE) };

  const first = await startServerProcess(env);
  const live = await fetch(`${first.url}/api/live?topics=words`);
  expect(live.status).toBe(200);
  const streamEnded = live.body!.pipeTo(new WritableStream()).then(
    () => 'ended',
    () => 'ended',
  );
  await smtp.waitForAccepted(STOP_AFTER, 30_000);
  first.child.kill('SIGTERM');
  // Code 0: it stopped on its own within main.ts's 10 s (past them it exits with 1), before systemd's kill (deploy/unissons.service).
  expect(await first.exited).toBe(0);
  expect(await streamEnded).toBe('ended');

  const acceptedAtStop = smtp.copies();
  expect(acceptedAtStop.size).toBeLessThan(RECIPIENTS);
  let database: DatabaseHandle = await shared.reopen();
  const rows = await database.db.selectFrom('newsletter_deliveries').select(['email', 'status']).where('newsletter_id', '=', newsletterId).execute();
  // Everything the SMTP server accepted is recorded as sent, and nothing is left claimed.
  expect(rows.filter((row) => row.status === 'sending')).toEqual([]);
  expect(new Set(rows.filter((row) => row.status === 'sent').map((row) => row.email))).toEqual(new Set(acceptedAtStop.keys()));
  if (!process.env.TEST_DATABASE_URL) await database.close();

  // The restart on the same data sends the rest, at once (nothing waits for a lease).
  const second = await startServerProcess(env);
  await smtp.waitForAccepted(RECIPIENTS, 30_000);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  database = await shared.reopen();
  expect(await statusCounts(database.db, newsletterId)).toEqual({ pending: 0, sending: 0, sent: RECIPIENTS, failed: 0 });
  const copies = smtp.copies();
  expect(copies.size).toBe(RECIPIENTS);
  for (const account of accounts) expect(copies.get(account.email)).toBe(1);

  await database.close();
  await shared.remove?.();
  await smtp.stop();
});
