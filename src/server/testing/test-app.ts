import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { readConfig, type Config } from '../config';
import type { DatabaseHandle } from '../platform/db/connection';
import { createMailer } from '../platform/mail/mailer';
import { Mailbox } from '../platform/testing/mailbox';
import { createTestDatabase } from '../platform/testing/test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Every mail the app sent, through real SMTP. */
  mailbox: Mailbox;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database with a real SMTP capture, for `app.inject` tests.
 * The per-IP auth limit is lifted (every injected request comes from one address) unless
 * a test sets AUTH_RATE_LIMIT_PER_MINUTE itself, the proof of work is kept cheap, and staff need
 * no second factor unless a test sets STAFF_TWO_FACTOR. A
 * variable given as undefined gets the app's own default.
 */
export async function createTestApp(env: Record<string, string | undefined> = {}, watch?: (app: FastifyInstance) => void): Promise<TestApp> {
  const [database, mailbox] = await Promise.all([createTestDatabase(), Mailbox.start()]);
  const config = readConfig({
    DATA_DIR: '/nonexistent-test-data',
    CLIENT_DIR: '/nonexistent-client',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Real challenges, solved by every registration helper, at a few attempts each.
    ANTI_BOT_DIFFICULTY: '10',
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    // Staff sign in with a password in most tests; quality/staff-two-factor-matrix.test.ts checks 'required'.
    STAFF_TWO_FACTOR: 'optional',
    ...env,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, dkim: config.dkim });
  const app = await buildApp({ config, database, mailer, watch });
  await app.ready();
  return {
    app,
    database,
    config,
    mailbox,
    async close() {
      await app.close();
      await database.close();
      await mailbox.stop();
    },
  };
}

/**
 * A test file's (or describe block's) app: created before its first test, closed after its
 * last. Read its fields inside tests and hooks registered after this call.
 */
export function setUpTestApp(env?: Record<string, string | undefined>, watch?: (app: FastifyInstance) => void): TestApp {
  const test = {} as TestApp;
  beforeAll(async () => {
    Object.assign(test, await createTestApp(env, watch));
  });
  afterAll(async () => test.close?.());
  return test;
}
