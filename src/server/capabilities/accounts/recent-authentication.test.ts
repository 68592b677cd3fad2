import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashSecretToken } from '../../platform/secret-token';
import { SoftwareAuthenticator } from '../../platform/testing/authenticator';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';

const post = (app: FastifyInstance, url: string, payload: object, cookie: string) => app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('recent authentication for sensitive acts', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example' });

  /** As if the member had signed in a quarter of an hour ago. */
  async function age(member: TestMember) {
    const id = hashSecretToken(member.cookie.split('=')[1]);
    await test.database.db.updateTable('sessions').set({ authenticated_at: new Date(Date.now() - 15 * 60_000) }).where('id', '=', id).execute();
  }

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
    expect((await removeTotp()).json().error.code).toBe('auth/reauthentication-required');
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: member.cookie } })).json().error.code).toBe(
      'auth/reauthentication-required',
    );
    expect((await post(test.app, '/api/auth/reauthenticate', { code: totp.generate({ timestamp: Date.now() + 30_000 }) }, member.cookie)).statusCode).toBe(204);
    expect((await removeTotp()).statusCode).toBe(200);

    await age(member);
    const request = (await post(test.app, '/api/auth/reauthenticate/options', {}, member.cookie)).json();
    expect((await post(test.app, '/api/auth/reauthenticate', { credential: authenticator.signIn(request) }, member.cookie)).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: member.cookie } })).statusCode).toBe(204);
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
