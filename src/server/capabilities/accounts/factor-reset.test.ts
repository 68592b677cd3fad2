// Lost factors: an admin resets another member's from /admin/members, and the operator any
// account's from the command line (`npm run reset-two-factor -- EMAIL`), as they run it.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../platform/db/connection';
import { SoftwareAuthenticator } from '../../platform/testing/authenticator';
import { Mailbox } from '../../platform/testing/mailbox';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';

// The command as a release runs it, from the run's bundle (tests/setup/server-bundle.ts).
const COMMAND = path.join(inject('serverBundle'), 'reset-two-factor.js');
const post = (app: FastifyInstance, url: string, payload: object, cookie: string) => app.inject({ method: 'POST', url, payload, headers: { cookie } });

/** A member with an authenticator app and a passkey, as /account makes them. */
async function withFactors(app: FastifyInstance, member: TestMember) {
  const setup = (await post(app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
  await post(app, '/api/account/two-factor/totp', { code: new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate() }, member.cookie);
  const options = (await post(app, '/api/account/passkeys/options', {}, member.cookie)).json();
  await post(app, '/api/account/passkeys', { name: 'Téléphone perdu', credential: new SoftwareAuthenticator('http://localhost:3000').register(options) }, member.cookie);
}

describe('an admin resets a member’s factors', () => {
  const test = setUpTestApp();

  it('takes away the app, the recovery codes and the passkeys, journals it and mails the member; never the admin’s own', async () => {
    const admin = await registerAdmin(test.app, test.database);
    const member = await registerMember(test.app);
    await withFactors(test.app, member);
    const before = (await test.app.inject({ method: 'GET', url: `/api/admin/members/${member.uuid}`, headers: { cookie: admin.cookie } })).json();
    expect([before.twoFactorEnabled, before.passkeys]).toEqual([true, 1]);

    // The lost phone's session, and a sign-in waiting for its second step there.
    const pending = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
    expect(pending.statusCode).toBe(202);

    const reset = await post(test.app, `/api/admin/members/${member.uuid}/two-factor/reset`, {}, admin.cookie);
    expect(reset.statusCode).toBe(200);
    expect([reset.json().twoFactorEnabled, reset.json().passkeys]).toEqual([false, 0]);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(401);
    const { ticket } = pending.json().secondFactor;
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { ticket, code: '000000' } })).json().error.code).toBe('auth/sign-in-expired');
    const login = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
    expect(login.statusCode).toBe(200);
    const mail = await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === 'La validation en deux étapes de ton compte a été réinitialisée');
    expect(mail.parsed.text).toContain("L'équipe de l'association a retiré");
    const journal = await test.database.db.selectFrom('journal').select(['kind', 'actor_id']).where('kind', '=', 'factors/reset').where('target_id', '=', member.uuid).execute();
    expect(journal).toEqual([{ kind: 'factors/reset', actor_id: admin.uuid }]);

    const own = await post(test.app, `/api/admin/members/${admin.uuid}/two-factor/reset`, {}, admin.cookie);
    expect(own.json().error.code).toBe('members/not-yourself');
  });
});

describe('npm run reset-two-factor on the embedded database', () => {
  let dataDir: string;
  let mailbox: Mailbox;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-reset-'));
    mailbox = await Mailbox.start();
  });
  afterAll(async () => {
    await mailbox.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const run = (email: string): Promise<{ code: number | null; output: string }> => {
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` };
    const child = spawn(process.execPath, [COMMAND, email], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
  };

  it('gives the only admin back their account with the password alone, and says so', { timeout: 300_000 }, async () => {
    const template = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
    await template.close();
    let database = await openDatabase({ dataDir });
    const { id } = await database.db
      .insertInto('users')
      .values({ email: 'seule.admin@exemple.fr', username: 'seule_admin', account_type: 'user', roles: ['admin'], password_hash: '', two_factor_since: new Date(), totp_secret: 'JBSWY3DPEHPK3PXP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('passkeys').values({ user_id: id, credential_id: 'perdu', name: 'Téléphone perdu', public_key: Buffer.from('x') }).execute();
    // The lost phone's session.
    await database.db.insertInto('sessions').values({ id: 'session-du-telephone-perdu', user_id: id, expires_at: new Date(Date.now() + 86_400_000), second_factor_at: new Date() }).execute();
    await database.close();

    const unknown = await run('personne@exemple.fr');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("Aucun compte n'a l'adresse personne@exemple.fr");

    const done = await run(' Seule.Admin@exemple.fr ');
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain('Validation en deux étapes réinitialisée pour seule.admin@exemple.fr');
    expect(done.output).toContain('Un mail le lui dit.');
    await mailbox.waitFor('seule.admin@exemple.fr', (mail) => mail.parsed.subject === 'La validation en deux étapes de ton compte a été réinitialisée');
    database = await openDatabase({ dataDir });
    try {
      const row = await database.db.selectFrom('users').select(['two_factor_since', 'totp_secret']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ two_factor_since: null, totp_secret: null });
      expect(await database.db.selectFrom('passkeys').select('id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await database.db.selectFrom('journal').select(['kind', 'actor_id']).where('target_id', '=', id).execute()).toEqual([{ kind: 'factors/reset', actor_id: id }]);
    } finally {
      await database.close();
    }
  });
});
