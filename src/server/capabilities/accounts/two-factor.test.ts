import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { setUpTestApp } from '../../testing/test-app';
import { SoftwareAuthenticator } from '../../platform/testing/authenticator';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { registerMember, sessionCookie, type TestMember } from '../../platform/testing/members';

const post = (app: FastifyInstance, url: string, payload: object, cookie?: string) => app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** The code an authenticator app shows for `secret`, `stepsAhead` periods of 30 seconds from now. */
const appCode = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function enrolTotp(app: FastifyInstance, member: TestMember) {
  const setup = (await post(app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
  const confirmed = await post(app, '/api/account/two-factor/totp', { code: appCode(setup.secret) }, member.cookie);
  return { secret: setup.secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

const login = (app: FastifyInstance, member: TestMember) => post(app, '/api/auth/login', { email: member.email, password: member.password });

describe('the second factor', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example' });

  it('enrols an authenticator app only once it gave a right code, and hands out ten recovery codes once', async () => {
    const member = await registerMember(test.app);
    const setup = (await post(test.app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(`otpauth://totp/Unissons:${encodeURIComponent(member.email)}?issuer=Unissons&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const wrong = await post(test.app, '/api/account/two-factor/totp', { code: '000000' }, member.cookie);
    expect(wrong.json().error.code).toBe('auth/wrong-code');
    expect((await test.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie: member.cookie } })).json()).toEqual({
      enabled: false,
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });

    const confirmed = await post(test.app, '/api/account/two-factor/totp', { code: appCode(setup.secret) }, member.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toEqual({ enabled: true, totp: true, passkeys: 0, recoveryCodesLeft: 10 });
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    for (const code of confirmed.json().recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await test.database.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', member.uuid).execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(confirmed.json().recoveryCodes[0].replaceAll('-', ''));
    await test.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === 'Une application d’authentification protège ton compte');
  });

  it('asks the app code after the right password, opens no session before it, and refuses a code used once', async () => {
    const member = await registerMember(test.app);
    const { secret } = await enrolTotp(test.app, member);

    const first = await login(test.app, member);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ secondFactor: { ticket: expect.any(String), methods: ['totp', 'recovery-code'], expiresAt: expect.any(String) } });
    expect(first.cookies.find((cookie) => /unissons_session/.test(cookie.name))).toBeUndefined();
    const { ticket } = first.json().secondFactor;

    const wrong = await post(test.app, '/api/auth/second-factor', { ticket, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('auth/wrong-code');
    // The enrolment's code was the current one: the next period's is the one to use.
    const code = appCode(secret, 1);
    const second = await post(test.app, '/api/auth/second-factor', { ticket, code });
    expect(second.statusCode).toBe(200);
    expect(second.json().uuid).toBe(member.uuid);
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(second) } });
    expect(me.statusCode).toBe(200);

    // The ticket is spent, and the code too, even with a new ticket.
    expect((await post(test.app, '/api/auth/second-factor', { ticket, code })).json().error.code).toBe('auth/sign-in-expired');
    const again = (await login(test.app, member)).json().secondFactor.ticket;
    expect((await post(test.app, '/api/auth/second-factor', { ticket: again, code })).json().error.code).toBe('auth/wrong-code');
  });

  it('takes each recovery code once, journals and mails its use, and makes new ones on demand', async () => {
    const member = await registerMember(test.app);
    const { recoveryCodes } = await enrolTotp(test.app, member);
    const withCode = async (code: string) => post(test.app, '/api/auth/second-factor', { ticket: (await login(test.app, member)).json().secondFactor.ticket, code });
    // Typed in capitals, with spaces for dashes: the same code.
    expect((await withCode(recoveryCodes[3].toUpperCase().replaceAll('-', ' '))).statusCode).toBe(200);
    expect((await withCode(recoveryCodes[3])).json().error.code).toBe('auth/wrong-code');
    const mail = await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === 'Un code de secours a servi à te connecter');
    expect(mail.parsed.text).toContain('Il t\'en reste 9.');
    const journal = await test.database.db.selectFrom('journal').select(['kind', 'summary']).where('target_id', '=', member.uuid).where('kind', '=', 'factors/recovery-code').execute();
    expect(journal).toEqual([{ kind: 'factors/recovery-code', summary: '9 restant(s)' }]);

    const renewed = await post(test.app, '/api/account/two-factor/recovery-codes', {}, member.cookie);
    expect(renewed.json().status.recoveryCodesLeft).toBe(10);
    await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === 'De nouveaux codes de secours');
    const renewal = await test.database.db.selectFrom('journal').select(['kind', 'summary']).where('target_id', '=', member.uuid).where('summary', '=', 'Nouveaux codes de secours').execute();
    expect(renewal).toEqual([{ kind: 'factors/add', summary: 'Nouveaux codes de secours' }]);
    expect((await withCode(recoveryCodes[0])).json().error.code).toBe('auth/wrong-code');
    expect((await withCode(renewed.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it('voids a ticket at its third wrong code: the sign-in starts again from the password', async () => {
    const member = await registerMember(test.app);
    await enrolTotp(test.app, member);
    const { ticket } = (await login(test.app, member)).json().secondFactor;
    const codes: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) codes.push((await post(test.app, '/api/auth/second-factor', { ticket, code: '000000' })).json().error.code);
    expect(codes).toEqual(['auth/wrong-code', 'auth/wrong-code', 'auth/sign-in-voided', 'auth/sign-in-expired']);
  });

  it('counts wrong codes apart from passwords: a right password clears none, and the account refuses app codes past ten', async () => {
    const member = await registerMember(test.app);
    const { secret, recoveryCodes } = await enrolTotp(test.app, member);
    // Whoever knows the password, from one address: a right password, then one wrong code, again and again.
    const guess = async (remoteAddress: string) => {
      const { ticket } = (await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password }, remoteAddress })).json().secondFactor;
      const answer = await test.app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { ticket, code: '000000' }, remoteAddress });
      return answer.json().error.code as string;
    };
    const answers: string[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) answers.push(await guess('198.51.100.7'));
    expect(answers).toEqual([...Array(10).fill('auth/wrong-code'), 'http/rate-limited']);
    // From other addresses, the account's ten are enough: app codes are refused, even the right one.
    expect(await guess('198.51.100.8')).toBe('auth/too-many-codes');
    const { ticket } = (await login(test.app, member)).json().secondFactor;
    const rightCode = await post(test.app, '/api/auth/second-factor', { ticket, code: appCode(secret) });
    expect(rightCode.json().error.code).toBe('auth/too-many-codes');
    // A recovery code cannot be guessed: it still signs the owner in.
    expect((await post(test.app, '/api/auth/second-factor', { ticket, code: recoveryCodes[0] })).statusCode).toBe(200);
    // Told once, at the fifth wrong code.
    await test.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === 'Des codes erronés ont été saisis sur ton compte');
    const told = test.mailbox.messages.filter((mail) => mail.recipients.includes(member.email.toLowerCase()) && mail.parsed.subject === 'Des codes erronés ont été saisis sur ton compte');
    expect(told).toHaveLength(1);
  });

  raceTest('opens one session when two right codes arrive at once with one ticket', async () => {
    const member = await registerMember(test.app);
    const { recoveryCodes } = await enrolTotp(test.app, member);
    for (let round = 0; round < 4; round += 1) {
      const { ticket } = (await login(test.app, member)).json().secondFactor;
      await openConnections(test.database.db, 4);
      const answers = await Promise.all(
        recoveryCodes.splice(0, 2).map((code) => post(test.app, '/api/auth/second-factor', { ticket, code })),
      );
      expect(answers.filter((answer) => answer.statusCode === 200), `round ${round}`).toHaveLength(1);
    }
  });

  it('takes a passkey of the account as the second step, and no other account’s', async () => {
    const origin = 'https://unissons.example';
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    const options = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
    await post(test.app, '/api/account/passkeys', { name: 'Téléphone', credential: authenticator.register(options) }, member.cookie);
    const on = await post(test.app, '/api/account/two-factor/passkeys', {}, member.cookie);
    expect(on.json().status).toEqual({ enabled: true, totp: false, passkeys: 1, recoveryCodesLeft: 10 });

    const first = (await login(test.app, member)).json().secondFactor;
    expect(first.methods).toEqual(['passkey', 'recovery-code']);
    const request = (await post(test.app, '/api/auth/second-factor/options', { ticket: first.ticket })).json();
    expect(request.allowCredentials).toEqual([{ id: authenticator.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
    const stranger = new SoftwareAuthenticator(origin);
    const refused = await post(test.app, '/api/auth/second-factor', { ticket: first.ticket, credential: stranger.signIn(request) });
    expect(refused.json().error.code).toBe('passkeys/not-verified');
    const again = (await post(test.app, '/api/auth/second-factor/options', { ticket: first.ticket })).json();
    const signedIn = await post(test.app, '/api/auth/second-factor', { ticket: first.ticket, credential: authenticator.signIn(again) });
    expect(signedIn.statusCode).toBe(200);

    // Its last passkey removed, the account has nothing left to ask: the second step goes.
    const { id } = (await test.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie: member.cookie } })).json().passkeys[0];
    await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: member.cookie } });
    expect((await login(test.app, member)).statusCode).toBe(200);
    expect(await test.database.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', member.uuid).execute()).toEqual([]);
  });

  it('refuses an expired ticket, and turns the second step off with everything of it', async () => {
    const member = await registerMember(test.app);
    const { secret } = await enrolTotp(test.app, member);
    const { ticket } = (await login(test.app, member)).json().secondFactor;
    await test.database.db.updateTable('sign_in_tickets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', member.uuid).execute();
    expect((await post(test.app, '/api/auth/second-factor', { ticket, code: appCode(secret, 1) })).json().error.code).toBe('auth/sign-in-expired');

    const off = await test.app.inject({ method: 'DELETE', url: '/api/account/two-factor', headers: { cookie: member.cookie } });
    expect(off.json()).toEqual({ enabled: false, totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect((await login(test.app, member)).statusCode).toBe(200);
    await test.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === 'La validation en deux étapes est désactivée');
  });
});
