// `npm run rotate-secrets` as an operator runs it: its own process, on the embedded database's
// folder (the server stopped) or on the PostgreSQL the running instances share.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Secret, TOTP } from 'otpauth';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { todayIso } from '../shared/event-reports';
import { openDatabase } from './platform/db/connection';
import type { Database } from './platform/db/schema';
import { SigningSecrets } from './platform/db/signing-secrets';
import { ANTI_BOT_SECRET } from './platform/anti-bot/proof-of-work';
import { unsubscribeSecret, unsubscribeToken } from './capabilities/newsletter/unsubscribe-token';
import { openTotpSecret, storePendingTotpSecret, TOTP_KEY } from './capabilities/accounts/totp-secrets';
import { registerMember } from './platform/testing/members';
import { proofOfWork } from './platform/testing/proof-of-work';
import { createTestApp } from './testing/test-app';

// The command as a release runs it, from the run's bundle (tests/setup/server-bundle.ts).
const COMMAND = path.join(inject('serverBundle'), 'rotate-secrets.js');
const KEYS = ['anti_bot_secret', 'newsletter.unsubscribeSecret'];
const MINUTE = 60_000;

type Stored = { current: string; previous: { secret: string; until: string }[] };

const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const totpKey = async (db: Kysely<Database>) =>
  ((await db.selectFrom('settings').select('value').where('key', '=', TOTP_KEY.key).executeTakeFirstOrThrow()).value as Stored).current;

/** The authenticator apps' key replaced, the replaced one kept nowhere, and the member's secret encrypted under the new one. */
async function expectAppSecretsRotated(db: Kysely<Database>, keyBefore: string, userId: string) {
  const key = await totpKey(db);
  expect(key).not.toBe(keyBefore);
  expect(JSON.stringify((await db.selectFrom('settings').select('value').where('key', '=', TOTP_KEY.key).executeTakeFirstOrThrow()).value)).not.toContain(keyBefore);
  const { totp_pending_secret } = await db.selectFrom('users').select('totp_pending_secret').where('id', '=', userId).executeTakeFirstOrThrow();
  expect(openTotpSecret(key, userId, totp_pending_secret!)).toBe(APP_SECRET);
}

function rotateSecrets(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [COMMAND], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

async function secrets(db: Kysely<Database>): Promise<Record<string, Stored>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', KEYS).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value as Stored]));
}

/** Each secret now has a new current one, and the one before accepted until about `rotatedAt` plus its time. */
function expectRotated(before: Record<string, Stored>, after: Record<string, Stored>, rotatedAt: number) {
  for (const [key, keep] of [['anti_bot_secret', 30 * MINUTE], ['newsletter.unsubscribeSecret', 90 * 24 * 60 * MINUTE]] as const) {
    expect(after[key].current).not.toBe(before[key].current);
    expect(after[key].previous.map(({ secret }) => secret)).toEqual([before[key].current]);
    expect(Math.abs(Date.parse(after[key].previous[0].until) - (rotatedAt + keep))).toBeLessThan(MINUTE);
  }
}

describe('npm run rotate-secrets on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-rotate-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('refuses while the server holds the folder, and rotates the secrets and the apps’ key once it is stopped', { timeout: 300_000 }, async () => {
    // The migrated template, unpacked into the folder (openDatabase keeps its files in 'db').
    const template = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
    await template.close();

    // This process plays the running server: it holds the folder.
    let database = await openDatabase({ dataDir });
    // Made at their first use, as a server does.
    await new SigningSecrets(database.db, ANTI_BOT_SECRET).current();
    await unsubscribeSecret(database.db);
    const { id: userId } = await database.db
      .insertInto('users')
      .values({ email: 'appli@exemple.fr', username: 'appli', account_type: 'user', password_hash: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storePendingTotpSecret(database.db, userId, APP_SECRET);
    const keyBefore = await totpKey(database.db);
    const before = await secrets(database.db);
    const refused = await rotateSecrets({ DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Le serveur (processus ${process.pid}) utilise ${dataDir} : arrête-le`);
    expect(await secrets(database.db)).toEqual(before);
    await database.close();

    const rotatedAt = Date.now();
    const done = await rotateSecrets({ DATA_DIR: dataDir });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain('Secrets renouvelés');
    database = await openDatabase({ dataDir });
    try {
      expectRotated(before, await secrets(database.db), rotatedAt);
      await expectAppSecretsRotated(database.db, keyBefore, userId);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run rotate-secrets on PostgreSQL', () => {
  it('rotates while an instance serves: what the replaced secrets signed still passes', { timeout: 120_000 }, async () => {
    const test = await createTestApp();
    try {
      const { db } = test.database;
      const solved = await proofOfWork(test.app);
      const member = await registerMember(test.app, { newsletter: true });
      const link = unsubscribeToken(await unsubscribeSecret(db), member.uuid);
      await storePendingTotpSecret(db, member.uuid, APP_SECRET);
      const keyBefore = await totpKey(db);
      const before = await secrets(db);
      const rotatedAt = Date.now();
      const done = await rotateSecrets({ DATABASE_URL: test.database.url! });
      expect(done.code, done.output).toBe(0);
      expect(done.output).toContain("Les instances en marche les prennent en compte en moins d'une minute.");
      expectRotated(before, await secrets(db), rotatedAt);
      await expectAppSecretsRotated(db, keyBefore, member.uuid);
      const report = { eventName: 'Trail des Crêtes', sport: 'Trail', date: todayIso(new Date(Date.now() + 30 * 24 * 60 * MINUTE)), place: 'Gérardmer', link: 'https://trail.example.org', email: '' };
      expect((await test.app.inject({ method: 'POST', url: '/api/event-reports', payload: { ...report, ...solved } })).statusCode).toBe(201);
      const oneClick = await test.app.inject({
        method: 'POST',
        url: `/api/newsletter/one-click?token=${link}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      // The instance's copy of the apps' key is the replaced one: it finds the new one at once.
      const code = new TOTP({ secret: Secret.fromBase32(APP_SECRET) }).generate();
      const enrolled = await test.app.inject({ method: 'POST', url: '/api/account/two-factor/totp', payload: { code }, headers: { cookie: member.cookie } });
      expect(enrolled.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});
