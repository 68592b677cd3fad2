import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { setUpTestApp } from '../../testing/test-app';
import { SoftwareAuthenticator } from '../../platform/testing/authenticator';
import { registerMember, sessionCookie, type TestMember } from '../../platform/testing/members';

const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

/** Adds a passkey through the API as /account does: options, the authenticator's answer, the name. */
async function addPasskey(app: FastifyInstance, member: TestMember, authenticator: SoftwareAuthenticator, name = 'Mon téléphone') {
  const options = (await post(app, '/api/account/passkeys/options', {}, member.cookie)).json();
  return post(app, '/api/account/passkeys', { name, credential: authenticator.register(options) }, member.cookie);
}

async function signInWith(app: FastifyInstance, authenticator: SoftwareAuthenticator) {
  const options = (await post(app, '/api/auth/passkey/options', {})).json();
  return post(app, '/api/auth/passkey', { credential: authenticator.signIn(options) });
}

describe('passkeys', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example' });
  const origin = 'https://unissons.example';

  it('registers a passkey bound to the site, lists it, and signs in with it, without an address or password', async () => {
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    const options = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
    expect(options.rp).toEqual({ id: 'unissons.example', name: expect.any(String) });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const added = await post(test.app, '/api/account/passkeys', { name: '  iPhone de Camille ', credential: authenticator.register(options) }, member.cookie);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'iPhone de Camille', lastUsedAt: null });

    const signedIn = await signInWith(test.app, authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().uuid).toBe(member.uuid);
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(signedIn) } });
    expect(me.json().email).toBe(member.email);

    const list = await test.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie: member.cookie } });
    expect(list.json().passkeys).toEqual([{ id: added.json().id, name: 'iPhone de Camille', createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
  });

  it('journals and mails each passkey added and removed', async () => {
    const member = await registerMember(test.app);
    const added = await addPasskey(test.app, member, new SoftwareAuthenticator(origin), 'Clé USB');
    await test.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === "Une clé d'accès a été ajoutée à ton compte");
    const removed = await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${added.json().id}`, headers: { cookie: member.cookie } });
    expect(removed.statusCode).toBe(204);
    const mail = await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === "Une clé d'accès a été retirée de ton compte");
    expect(mail.parsed.text).toContain('« Clé USB »');
    const journal = await test.database.db.selectFrom('journal').select(['kind', 'summary']).where('target_id', '=', member.uuid).orderBy('id').execute();
    expect(journal).toEqual([
      { kind: 'factors/add', summary: "Clé d'accès « Clé USB »" },
      { kind: 'factors/remove', summary: "Clé d'accès « Clé USB »" },
    ]);
  });

  it('uses a challenge once: a replayed sign-in, or one past its five minutes, is refused', async () => {
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    await addPasskey(test.app, member, authenticator);
    const options = (await post(test.app, '/api/auth/passkey/options', {})).json();
    const credential = authenticator.signIn(options);
    expect((await post(test.app, '/api/auth/passkey', { credential })).statusCode).toBe(200);
    const replayed = await post(test.app, '/api/auth/passkey', { credential });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('passkeys/challenge-expired');

    const late = (await post(test.app, '/api/auth/passkey/options', {})).json();
    await test.database.db.updateTable('webauthn_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('challenge', '=', late.challenge).execute();
    expect((await post(test.app, '/api/auth/passkey', { credential: authenticator.signIn(late) })).json().error.code).toBe('passkeys/challenge-expired');
  });

  it('refuses an answer signed for another site, a registration challenge used to sign in, and an unknown passkey', async () => {
    const member = await registerMember(test.app);
    const elsewhere = new SoftwareAuthenticator('https://phishing.example');
    const options = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
    const phished = await post(test.app, '/api/account/passkeys', { name: 'Piège', credential: elsewhere.register(options) }, member.cookie);
    expect(phished.json().error.code).toBe('passkeys/not-verified');

    const registration = (await post(test.app, '/api/account/passkeys/options', {}, member.cookie)).json();
    const stranger = new SoftwareAuthenticator(origin);
    const misused = await post(test.app, '/api/auth/passkey', { credential: stranger.signIn({ challenge: registration.challenge, rpId: 'unissons.example' }) });
    expect(misused.json().error.code).toBe('passkeys/challenge-expired');

    const unknown = await signInWith(test.app, stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('passkeys/unknown');
  });

  it('signs in with a passkey alone only when the device checked its owner; as the second step, a touch is enough', async () => {
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    await addPasskey(test.app, member, authenticator);
    expect((await post(test.app, '/api/account/two-factor/passkeys', {}, member.cookie)).statusCode).toBe(200);
    authenticator.userVerified = false;
    const alone = await signInWith(test.app, authenticator);
    expect(alone.statusCode).toBe(401);
    expect(alone.json().error.code).toBe('passkeys/not-verified');

    const { ticket } = (await post(test.app, '/api/auth/login', { email: member.email, password: member.password })).json().secondFactor;
    const options = (await post(test.app, '/api/auth/second-factor/options', { ticket })).json();
    expect((await post(test.app, '/api/auth/second-factor', { ticket, credential: authenticator.signIn(options) })).statusCode).toBe(200);
  });

  it('refuses a passkey answer relayed from another site at the sign-in, the second step and a confirmation', async () => {
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    await addPasskey(test.app, member, authenticator);
    expect((await post(test.app, '/api/account/two-factor/passkeys', {}, member.cookie)).statusCode).toBe(200);
    authenticator.origin = 'https://phishing.example';

    expect((await signInWith(test.app, authenticator)).json().error.code).toBe('passkeys/not-verified');
    const { ticket } = (await post(test.app, '/api/auth/login', { email: member.email, password: member.password })).json().secondFactor;
    const secondStep = (await post(test.app, '/api/auth/second-factor/options', { ticket })).json();
    expect((await post(test.app, '/api/auth/second-factor', { ticket, credential: authenticator.signIn(secondStep) })).json().error.code).toBe('passkeys/not-verified');
    const confirmation = (await post(test.app, '/api/auth/reauthenticate/options', {}, member.cookie)).json();
    expect((await post(test.app, '/api/auth/reauthenticate', { credential: authenticator.signIn(confirmation) }, member.cookie)).json().error.code).toBe(
      'passkeys/not-verified',
    );
  });

  it('renames and removes only the member’s own passkeys, with a name of one line', async () => {
    const owner = await registerMember(test.app);
    const other = await registerMember(test.app);
    const { id } = (await addPasskey(test.app, owner, new SoftwareAuthenticator(origin))).json();
    const rename = (cookie: string, name: string) => test.app.inject({ method: 'PATCH', url: `/api/account/passkeys/${id}`, headers: { cookie }, payload: { name } });
    expect((await rename(owner.cookie, 'Pixel 9')).json().name).toBe('Pixel 9');
    expect((await rename(owner.cookie, 'deux\nlignes')).json().error.code).toBe('passkeys/invalid-name');
    expect((await rename(owner.cookie, 'x'.repeat(61))).json().error.code).toBe('passkeys/invalid-name');
    expect((await rename(other.cookie, 'Volée')).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie: owner.cookie } })).json().passkeys[0].name).toBe('Pixel 9');
  });

  it('does not sign a suspended member in', async () => {
    const member = await registerMember(test.app);
    const authenticator = new SoftwareAuthenticator(origin);
    await addPasskey(test.app, member, authenticator);
    await test.database.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', member.uuid).execute();
    const refused = await signInWith(test.app, authenticator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/account-suspended');
  });

  it('a passkey goes with its account', async () => {
    const member = await registerMember(test.app);
    await addPasskey(test.app, member, new SoftwareAuthenticator(origin));
    await test.database.db.deleteFrom('users').where('id', '=', member.uuid).execute();
    expect(await test.database.db.selectFrom('passkeys').select('id').where('user_id', '=', member.uuid).execute()).toEqual([]);
  });
});
