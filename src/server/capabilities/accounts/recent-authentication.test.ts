import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FACTOR_CONFIRMATION_REQUIRED, REAUTHENTICATION_REQUIRED } from '../../../shared/two-factor';
import type { RecentAuthentication } from '../../platform/http/recent-authentication';
import { hashSecretToken } from '../../platform/secret-token';
import { isWrite, sampleUrl } from '../../quality/route-samples';
import { SoftwareAuthenticator } from '../../platform/testing/authenticator';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { createTestApp, setUpTestApp } from '../../testing/test-app';

const post = (app: FastifyInstance, url: string, payload: object, cookie: string) => app.inject({ method: 'POST', url, payload, headers: { cookie } });

/**
 * What each sensitive act asks, pinned (platform/http/recent-authentication.ts): the routes
 * declare it, and a route that stops declaring it, or starts, changes this list visibly.
 */
const SENSITIVE: Record<string, RecentAuthentication> = {
  'POST /api/admin/members/:id/roles': 'recent',
  'POST /api/admin/members/:id/suspension': 'recent',
  'POST /api/admin/members/:id/two-factor/reset': 'factor',
  'DELETE /api/admin/members/:id': 'recent',
  'POST /api/fn/newsletter-send': 'recent',
  'POST /api/account/passkeys/options': 'factor',
  'POST /api/account/passkeys': 'factor',
  'DELETE /api/account/passkeys': 'factor',
  'DELETE /api/account/passkeys/:id': 'factor',
  'POST /api/account/two-factor/totp/setup': 'factor',
  'POST /api/account/two-factor/totp': 'factor',
  'DELETE /api/account/two-factor/totp': 'factor',
  'POST /api/account/two-factor/passkeys': 'factor',
  'POST /api/account/two-factor/recovery-codes': 'factor',
  'DELETE /api/account/two-factor': 'factor',
};

describe('recent authentication for sensitive acts', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example' });

  /**
   * As if the member had signed in, passed a factor and been last seen a quarter of an hour
   * ago: the 'last seen' write the next request makes must not renew the sign-in.
   */
  async function age(member: TestMember) {
    const id = hashSecretToken(member.cookie.split('=')[1]);
    const then = new Date(Date.now() - 15 * 60_000);
    const { db } = test.database;
    await db.updateTable('sessions').set({ authenticated_at: then, last_seen_at: then }).where('id', '=', id).execute();
    await db.updateTable('sessions').set({ second_factor_at: then }).where('id', '=', id).where('second_factor_at', 'is not', null).execute();
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(200);
  }

  const sensitiveRoutes = () => test.app.routeTable.filter((route) => route.recentAuthentication !== undefined);

  it('lists the sensitive acts from their declarations, as pinned here', () => {
    expect(Object.fromEntries(sensitiveRoutes().map((route) => [`${route.method} ${route.url}`, route.recentAuthentication]))).toEqual(SENSITIVE);
  });

  it('refuses every sensitive act to an aged session; on an account with a second factor, the password reopens all but those on the factors', async () => {
    const admin = await registerAdmin(test.app, test.database);
    const setup = (await post(test.app, '/api/account/two-factor/totp/setup', {}, admin.cookie)).json();
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    expect((await post(test.app, '/api/account/two-factor/totp', { code: app.generate() }, admin.cookie)).statusCode).toBe(200);
    const refusals = async () => {
      const codes: Record<string, string | undefined> = {};
      for (const route of sensitiveRoutes()) {
        const response = await test.app.inject({ method: route.method as 'POST', url: sampleUrl(route), headers: { cookie: admin.cookie }, payload: isWrite(route) ? {} : undefined });
        const code = response.statusCode === 403 ? response.json().error.code : undefined;
        codes[`${route.method} ${route.url}`] = code === REAUTHENTICATION_REQUIRED || code === FACTOR_CONFIRMATION_REQUIRED ? code : undefined;
      }
      return codes;
    };
    const expected = (factorAfterPassword: boolean) =>
      Object.fromEntries(Object.entries(SENSITIVE).map(([route, wanted]) => [route, wanted === 'factor' ? FACTOR_CONFIRMATION_REQUIRED : factorAfterPassword ? undefined : REAUTHENTICATION_REQUIRED]));

    await age(admin);
    expect(await refusals()).toEqual(expected(false));
    expect((await post(test.app, '/api/auth/reauthenticate', { password: admin.password }, admin.cookie)).statusCode).toBe(204);
    expect(await refusals()).toEqual(expected(true));
  });

  it('asks an admin whose sign-in is older than 10 minutes for the password again, then carries out the act', async () => {
    const admin = await registerAdmin(test.app, test.database);
    const member = await registerMember(test.app);
    const grant = () => post(test.app, `/api/admin/members/${member.uuid}/roles`, { role: 'moderator', granted: true }, admin.cookie);
    await age(admin);
    const refused = await grant();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/reauthentication-required');
    for (const [url, payload, method] of [
      [`/api/admin/members/${member.uuid}/suspension`, { suspended: true }, 'POST'],
      [`/api/admin/members/${member.uuid}`, {}, 'DELETE'],
      ['/api/fn/newsletter-send', { letter: 'Bonjour à toutes et tous.', title: 'Des nouvelles', desc: '', idempotencyKey: 'cle-de-test-recente-1234' }, 'POST'],
    ] as const) {
      const response = await test.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
      expect(response.json().error?.code, url).toBe('auth/reauthentication-required');
    }

    const wrong = await post(test.app, '/api/auth/reauthenticate', { password: 'pas le bon' }, admin.cookie);
    expect(wrong.json().error.code).toBe('auth/wrong-password');
    expect((await post(test.app, '/api/auth/reauthenticate', { password: admin.password }, admin.cookie)).statusCode).toBe(204);
    expect((await grant()).statusCode).toBe(200);
  });

  it('takes an app code or a passkey instead of the password, and guards the removal of a factor', async () => {
    const member = await registerMember(test.app);
    const setup = (await post(test.app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    await post(test.app, '/api/account/two-factor/totp', { code: totp.generate() }, member.cookie);
    const authenticator = new SoftwareAuthenticator('https://unissons.example');
    const options = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
    const { id } = (await post(test.app, '/api/account/passkeys', { name: 'Téléphone', credential: authenticator.register(options) }, member.cookie)).json();

    await age(member);
    const removeTotp = () => test.app.inject({ method: 'DELETE', url: '/api/account/two-factor/totp', headers: { cookie: member.cookie } });
    expect((await removeTotp()).json().error.code).toBe(FACTOR_CONFIRMATION_REQUIRED);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: member.cookie } })).json().error.code).toBe(
      FACTOR_CONFIRMATION_REQUIRED,
    );
    // The password alone does not take a second factor away.
    expect((await post(test.app, '/api/auth/reauthenticate', { password: member.password }, member.cookie)).statusCode).toBe(204);
    expect((await removeTotp()).json().error.code).toBe(FACTOR_CONFIRMATION_REQUIRED);
    expect((await post(test.app, '/api/auth/reauthenticate', { code: totp.generate({ timestamp: Date.now() + 30_000 }) }, member.cookie)).statusCode).toBe(204);
    expect((await removeTotp()).statusCode).toBe(200);

    await age(member);
    const request = (await post(test.app, '/api/auth/reauthenticate/options', {}, member.cookie)).json();
    expect((await post(test.app, '/api/auth/reauthenticate', { credential: authenticator.signIn(request) }, member.cookie)).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: member.cookie } })).statusCode).toBe(204);
  });

  it('asks a member without a second factor for the password again before adding a passkey, and removes every passkey at once', async () => {
    const member = await registerMember(test.app);
    for (const name of ['Téléphone', 'Ordinateur']) {
      const options = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
      const credential = new SoftwareAuthenticator('https://unissons.example').register(options);
      expect((await post(test.app, '/api/account/passkeys', { name, credential }, member.cookie)).statusCode).toBe(201);
    }
    await age(member);
    expect((await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json().error.code).toBe(REAUTHENTICATION_REQUIRED);
    const removeAll = () => test.app.inject({ method: 'DELETE', url: '/api/account/passkeys', headers: { cookie: member.cookie } });
    expect((await removeAll()).json().error.code).toBe(REAUTHENTICATION_REQUIRED);
    expect((await post(test.app, '/api/auth/reauthenticate', { password: member.password }, member.cookie)).statusCode).toBe(204);
    expect((await removeAll()).json()).toEqual({ removed: 2 });
    expect((await test.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie: member.cookie } })).json()).toEqual({ passkeys: [] });
    await test.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === "Tes clés d'accès ont été retirées de ton compte");
  });

  it('puts confirmations under a request limit of their own', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const member = await registerMember(limited.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await post(limited.app, '/api/auth/reauthenticate', { password: member.password }, member.cookie)).statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
    } finally {
      await limited.close();
    }
  });

  it('takes a recovery code once, journaled and mailed as at the sign-in', async () => {
    const member = await registerMember(test.app);
    const setup = (await post(test.app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
    const enrolled = await post(test.app, '/api/account/two-factor/totp', { code: new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate() }, member.cookie);
    const [code] = enrolled.json().recoveryCodes as string[];

    await age(member);
    expect((await post(test.app, '/api/auth/reauthenticate', { code }, member.cookie)).statusCode).toBe(204);
    await age(member);
    expect((await post(test.app, '/api/auth/reauthenticate', { code }, member.cookie)).json().error.code).toBe('auth/wrong-code');
    const mail = await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === 'Un code de secours a servi à confirmer ton identité');
    expect(mail.parsed.text).toContain("Il t'en reste 9.");
    const journal = await test.database.db.selectFrom('journal').select(['kind', 'summary']).where('target_id', '=', member.uuid).where('kind', '=', 'factors/recovery-code').execute();
    expect(journal).toEqual([{ kind: 'factors/recovery-code', summary: '9 restant(s)' }]);
  });
});
