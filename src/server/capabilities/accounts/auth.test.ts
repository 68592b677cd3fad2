import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, setUpTestApp } from '../../testing/test-app';
import { login, registerMember, sessionCookie, STRONG_PASSWORD } from '../../platform/testing/members';
import { purgeExpiredSessions } from './sessions';
import { proofOfWork } from '../../platform/testing/proof-of-work';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { expectStoredHashOf } from '../../platform/testing/stored-password';

describe('login, sessions and forgotten passwords', () => {
  const test = setUpTestApp();

  const me = (cookie?: string) => test.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
  const loginRequest = (email: string, password: string, remoteAddress?: string) =>
    test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('signs in with an HttpOnly SameSite=Lax cookie and answers the user without secrets', async () => {
    const member = await registerMember(test.app);
    const response = await loginRequest(member.email.toUpperCase(), member.password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'unissons_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const body = response.json();
    expect(body).toMatchObject({ uuid: member.uuid, email: member.email, accountType: 'user', roles: [], surveys: {}, pastTrips: [] });
    expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    const current = await me(sessionCookie(response));
    expect(current.statusCode).toBe(200);
    expect(current.json().uuid).toBe(member.uuid);
  });

  it.each([
    ['an invalid e-mail', 'pas-un-mail', 'x', 400, 'auth/invalid-email', 'Adresse mail invalide 🙁'],
    ['an unknown e-mail', 'personne@exemple.fr', STRONG_PASSWORD, 404, 'auth/user-not-found', undefined],
  ])('refuses %s', async (_case, email, password, status, code, message) => {
    const response = await loginRequest(email, password);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    if (message) expect(response.json().error.message).toBe(message);
  });

  it('refuses a wrong password', async () => {
    const member = await registerMember(test.app);
    const response = await loginRequest(member.email, 'Wrong-Password-1!');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'auth/wrong-password', message: 'Mot de passe incorrect 🙁' });
  });

  it('answers 401 to /me when signed out, and ends the session at logout', async () => {
    expect((await me()).statusCode).toBe(401);
    const member = await registerMember(test.app);
    const logout = await test.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: member.cookie }, payload: {} });
    expect(logout.statusCode).toBe(204);
    expect((await me(member.cookie)).statusCode).toBe(401);
  });

  it('ends the browser’s session when another account signs in over it, rather than leave it valid unseen', async () => {
    const first = await registerMember(test.app);
    const second = await registerMember(test.app);
    const over = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: second.email, password: second.password }, headers: { cookie: first.cookie } });
    expect(over.statusCode).toBe(200);
    expect((await me(first.cookie)).statusCode).toBe(401);
  });

  it('renews a session that nears its expiry', async () => {
    const member = await registerMember(test.app);
    await test.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + 60_000) }).execute();
    const response = await me(member.cookie);
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((entry) => entry.name === 'unissons_session');
    expect(renewed?.expires && renewed.expires.getTime()).toBeGreaterThan(Date.now() + 20 * 24 * 3600 * 1000);
  });

  it('ends a session 90 days after sign-in, however active, and purges expired rows', async () => {
    const member = await registerMember(test.app);
    const day = 24 * 3600 * 1000;
    const setSession = (createdDaysAgo: number, expiresInMs: number) =>
      test.database.db
        .updateTable('sessions')
        .set({ created_at: new Date(Date.now() - createdDaysAgo * day), expires_at: new Date(Date.now() + expiresInMs) })
        .where('user_id', '=', member.uuid)
        .execute();
    // Near the limit, renewal goes no further than day 90.
    await setSession(85, 60_000);
    const renewed = (await me(member.cookie)).cookies.find((entry) => entry.name === 'unissons_session');
    expect(renewed?.expires?.getTime()).toBeLessThanOrEqual(Date.now() + 5 * day);
    expect(renewed?.expires?.getTime()).toBeGreaterThan(Date.now() + 4 * day);
    // A row renewed before the limit existed stops at day 90 all the same.
    await setSession(91, 10 * day);
    expect((await me(member.cookie)).statusCode).toBe(401);

    const other = await registerMember(test.app);
    await test.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', other.uuid).execute();
    await purgeExpiredSessions(test.database.db);
    const left = await test.database.db.selectFrom('sessions').select('user_id').where('user_id', 'in', [member.uuid, other.uuid]).execute();
    expect(left).toEqual([]);
  });

  it('never puts a session cookie on an answer a cache may keep, and renews on the next private one', async () => {
    const member = await registerMember(test.app);
    await test.database.db.insertInto('user_pictures').values({ user_id: member.uuid, content: Buffer.from('RIFF'), content_type: 'image/webp' }).execute();
    await test.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + 60_000) }).where('user_id', '=', member.uuid).execute();
    const picture = await test.app.inject({ method: 'GET', url: `/api/users/${member.uuid}/picture?v=1`, headers: { cookie: member.cookie } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toContain('public');
    expect(picture.headers['set-cookie']).toBeUndefined();
    const stale = await test.app.inject({ method: 'GET', url: `/api/users/${member.uuid}/picture?v=1`, headers: { cookie: 'unissons_session=gone; unissons_signed_in=1' } });
    expect(stale.headers['set-cookie']).toBeUndefined();

    const renewed = await me(member.cookie);
    expect(renewed.cookies.find((entry) => entry.name === 'unissons_session')?.expires?.getTime()).toBeGreaterThan(Date.now() + 20 * 24 * 3600 * 1000);
    const cleared = await me('unissons_session=gone; unissons_signed_in=1');
    expect(cleared.statusCode).toBe(401);
    expect(cleared.cookies.map((entry) => [entry.name, entry.value])).toEqual([
      ['unissons_session', ''],
      ['unissons_signed_in', ''],
    ]);
  });

  it('locks an e-mail after 10 failed logins in 15 minutes, across the database', async () => {
    const member = await registerMember(test.app);
    for (let i = 0; i < 10; i++) expect((await loginRequest(member.email, 'Wrong-Password-1!')).statusCode).toBe(401);
    const locked = await loginRequest(member.email, member.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('http/rate-limited');
    expect(locked.json().error.message).toMatch(/Trop de tentatives/);
  });

  it('answers at most 10 of 50 wrong passwords sent at once, and 429 to the rest', async () => {
    const member = await registerMember(test.app);
    // Each attempt is counted before its password is checked: counted after, all 50 would
    // pass the count while the first hashes were still being checked.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => loginRequest(member.email, `Wrong-Password-${i}!`, '198.51.100.60')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect((await loginRequest(member.email, member.password, '198.51.100.60')).statusCode).toBe(429);
  });

  it('counts the failures of the last 15 minutes only', async () => {
    const member = await registerMember(test.app);
    const address = '198.51.100.61';
    for (let i = 0; i < 10; i++) expect((await loginRequest(member.email, 'Wrong-Password-1!', address)).statusCode).toBe(401);
    const backdate = (minutes: number) =>
      test.database.db
        .updateTable('login_failures')
        .set({ failed_at: new Date(Date.now() - minutes * 60_000) })
        .where('email', '=', member.email)
        .execute();
    await backdate(14);
    expect((await loginRequest(member.email, member.password, address)).statusCode).toBe(429);

    await backdate(16);
    expect((await loginRequest(member.email, 'Wrong-Password-1!', address)).statusCode).toBe(401);
    // That failure swept the old ones: only itself is left.
    const left = await test.database.db.selectFrom('login_failures').select('failed_at').where('email', '=', member.email).execute();
    expect(left).toHaveLength(1);
    expect((await loginRequest(member.email, member.password, address)).statusCode).toBe(200);
  });

  it('lets the owner in from another address while a stranger is locked out, and gives each new address one guess', async () => {
    const member = await registerMember(test.app);
    const attacker = '198.51.100.66';
    for (let i = 0; i < 10; i++) expect((await loginRequest(member.email, `Wrong-Password-${i}!`, attacker)).statusCode).toBe(401);
    expect((await loginRequest(member.email, 'Wrong-Password-10!', attacker)).statusCode).toBe(429);
    expect((await loginRequest(member.email, member.password, attacker)).statusCode).toBe(429);

    const owner = await loginRequest(member.email, member.password, '203.0.113.20');
    expect(owner.statusCode).toBe(200);
    expect((await me(sessionCookie(owner))).json().uuid).toBe(member.uuid);
    expect((await loginRequest(member.email, 'Wrong-Password-11!', attacker)).statusCode).toBe(429);

    // Past 10 failures for the e-mail, a fresh address gets one wrong guess, not ten.
    const second = '192.0.2.99';
    expect((await loginRequest(member.email, 'Wrong-Password-12!', second)).statusCode).toBe(401);
    expect((await loginRequest(member.email, member.password, second)).statusCode).toBe(429);
  });

  it('throttles an unknown address as it does a wrong password, keeping the spec’s answer until then', async () => {
    const unknown = `personne-${Date.now().toString(36)}@exemple.fr`;
    for (let i = 0; i < 10; i++) {
      const response = await loginRequest(unknown, STRONG_PASSWORD, '198.51.100.70');
      expect(response.json().error.code).toBe('auth/user-not-found');
    }
    const refused = await loginRequest(unknown, STRONG_PASSWORD, '198.51.100.70');
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'http/rate-limited']);
    // The same count as for an account: a fresh address gets one more answer, then 429.
    expect((await loginRequest(unknown, STRONG_PASSWORD, '198.51.100.71')).statusCode).toBe(404);
    expect((await loginRequest(unknown, STRONG_PASSWORD, '198.51.100.71')).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    const member = await registerMember(test.app);
    for (let i = 0; i < 10; i++) {
      expect((await loginRequest(member.email, 'Wrong-Password-1!', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await loginRequest(member.email, member.password, '2001:db8:1:2::ff')).statusCode).toBe(429);
    expect((await loginRequest(member.email, member.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('mails a temporary password that works once, for an hour, while the old one still works', async () => {
    const member = await registerMember(test.app);
    const response = await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: member.email, ...(await proofOfWork(test.app)) } });
    expect(response.statusCode).toBe(200);
    // The first mail to the address was its verification link, at registration.
    const mail = await test.mailbox.waitFor(member.email, (entry) => entry.parsed.subject === 'Ton mot de passe temporaire');
    expect(mail.parsed.html).toContain('Ton mot de passe temporaire');
    const temporary = /^ {4}(\S+)$/m.exec(mail.parsed.text ?? '')?.[1];
    expect(temporary).toBeDefined();
    const account = () => test.database.db.selectFrom('users').selectAll().where('id', '=', member.uuid).executeTakeFirstOrThrow();
    const mailed = await account();
    await expectStoredHashOf(mailed.temporary_password_hash, temporary!, mailed);
    await expectStoredHashOf(mailed.password_hash, member.password, mailed);

    // The old password keeps working: a stranger cannot lock anyone out.
    const oldSession = await login(test.app, member.email, member.password);
    const withTemporary = await loginRequest(member.email, temporary!);
    expect(withTemporary.statusCode).toBe(200);
    expect(withTemporary.json().mustChangePassword).toBe(true);
    expect((await loginRequest(member.email, temporary!)).statusCode).toBe(401);
    const spent = await account();
    await expectStoredHashOf(spent.spent_temporary_password_hash, temporary!, spent);

    // The account page then asks for a new password, with the temporary one (the session
    // alone is not enough), or the old one.
    const cookie = sessionCookie(withTemporary);
    const change = (payload: object) => test.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie }, payload });
    expect((await change({ newPassword: 'Nouveau-Depart-2026!' })).statusCode).toBe(400);
    const wrong = await change({ currentPassword: 'Pas-Le-Bon-1!', newPassword: 'Nouveau-Depart-2026!' });
    expect(wrong.json().error.code).toBe('auth/wrong-password');
    expect((await change({ currentPassword: temporary!, newPassword: 'Nouveau-Depart-2026!' })).statusCode).toBe(204);
    const changed = await account();
    await expectStoredHashOf(changed.password_hash, 'Nouveau-Depart-2026!', changed);
    expect((await me(cookie)).json().mustChangePassword).toBe(false);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await loginRequest(member.email, 'Nouveau-Depart-2026!')).statusCode).toBe(200);
  });

  it('refuses an expired temporary password', async () => {
    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: member.email, ...(await proofOfWork(test.app)) } });
    const temporary = /^ {4}(\S+)$/m.exec((await test.mailbox.waitFor(member.email, (entry) => entry.parsed.subject === 'Ton mot de passe temporaire')).parsed.text ?? '')![1];
    await test.database.db
      .updateTable('users')
      .set({ temporary_password_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', member.uuid)
      .execute();
    expect((await loginRequest(member.email, temporary)).statusCode).toBe(401);
  });

  const askTemporaryPassword = async (email: string, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: email, ...(await proofOfWork(test.app)) }, remoteAddress });
  const temporaryPasswordMails = (email: string) =>
    test.mailbox.messages.filter((mail) => mail.recipients.includes(email) && mail.parsed.subject === 'Ton mot de passe temporaire');

  it('mails one account at most 3 temporary passwords an hour, whoever asks', async () => {
    const member = await registerMember(test.app);
    for (let i = 1; i <= 3; i++) expect((await askTemporaryPassword(member.email, `192.0.2.${i}`)).statusCode).toBe(200);
    const refused = await askTemporaryPassword(member.email, '192.0.2.4');
    expect([refused.statusCode, refused.json().error]).toEqual([
      429,
      {
        code: 'users/temporary-passwords-limit',
        message:
          "Trois mots de passe temporaires ont déjà été envoyés à cette adresse dans l'heure : utilise celui du dernier mail (regarde aussi dans les indésirables), ou réessaie plus tard 🙁",
      },
    ]);
    await expect.poll(() => temporaryPasswordMails(member.email).length).toBe(3);
    const exported = await test.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } });
    expect(exported.json().account.temporaryLoginsMailedAt).toHaveLength(3);

    // An hour later, one more may go.
    await test.database.db
      .updateTable('users')
      .set({ temporary_password_mailed_at: sql<Date[]>`array(select sent - interval '61 minutes' from unnest(temporary_password_mailed_at) as sent)` })
      .where('id', '=', member.uuid)
      .execute();
    expect((await askTemporaryPassword(member.email, '192.0.2.7')).statusCode).toBe(200);
    expect((await askTemporaryPassword(member.email, '192.0.2.8')).statusCode).toBe(200);
    const row = await test.database.db.selectFrom('users').select('temporary_password_mailed_at').where('id', '=', member.uuid).executeTakeFirstOrThrow();
    // Only the last hour's are kept.
    expect(row.temporary_password_mailed_at).toHaveLength(2);
  });

  raceTest('mails 3 temporary passwords of 5 asked at once from 5 addresses', async () => {
    const member = await registerMember(test.app);
    await openConnections(test.database.db, 10);
    // The account's row decides.
    const statuses = (await Promise.all([1, 2, 3, 4, 5].map((i) => askTemporaryPassword(member.email, `192.0.2.${i}`)))).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429]);
    await expect.poll(() => temporaryPasswordMails(member.email).length).toBe(3);
  });

  it("answers 'Aucun compte trouvé' for an unknown address", async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: 'inconnu@exemple.fr', ...(await proofOfWork(test.app)) } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'users/no-user-found', message: 'Aucun compte trouvé' });
  });

  it('limits login, registration and forgot-password requests per IP address, 30 a minute by default', async () => {
    // The site's default, which the other tests' app lifts.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: undefined });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const url = ['/api/auth/login', '/api/fn/users-forgotPassword'][i % 2];
        // A new address each time: one address's failed logins have their own limit.
        const payload = i % 2 ? { userMail: 'a@exemple.fr' } : { email: `a${i}@exemple.fr`, password: 'x' };
        statuses.push((await limited.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.7' })).statusCode);
      }
      expect(statuses.slice(0, 30)).not.toContain(429);
      expect(statuses[30]).toBe(429);
      const other = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@exemple.fr', password: 'x' }, remoteAddress: '203.0.113.8' });
      expect(other.statusCode).toBe(404);
      const refused = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@exemple.fr', password: 'x' }, remoteAddress: '203.0.113.7' });
      expect(refused.json().error.message).toBe('Trop de tentatives, réessaie dans quelques minutes 🙁');
    } finally {
      await limited.close();
    }
  });

  it('sets Secure cookies when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://unissons.example' });
    try {
      const member = await registerMember(secure.app);
      const response = await secure.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
      const session = [response.headers['set-cookie']].flat().find((header) => header?.startsWith('__Host-unissons_session='));
      // __Host-: Secure, Path=/ and no Domain, or browsers drop it.
      expect(session).toMatch(/; Path=\/;/);
      expect(session).toMatch(/; Secure/);
      expect(session).not.toMatch(/Domain=/i);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      const cookie = sessionCookie(response);
      expect((await secure.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      const logout = await secure.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie }, payload: {} });
      const cleared = logout.cookies.find((entry) => entry.name === '__Host-unissons_session');
      expect([cleared?.value, cleared?.secure, cleared?.path]).toEqual(['', true, '/']);
    } finally {
      await secure.close();
    }
  });
});
