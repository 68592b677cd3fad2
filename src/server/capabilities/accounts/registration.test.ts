import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, STRONG_PASSWORD } from '../../platform/testing/members';
import { proofOfWork } from '../../platform/testing/proof-of-work';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { expectStoredHashOf } from '../../platform/testing/stored-password';

describe('registration (users-registerUser, users-registerOrganisation)', () => {
  const test = setUpTestApp();

  const register = async (payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: '/api/fn/users-registerUser', payload: { ...payload, ...(await proofOfWork(test.app)) } });
  const person = (overrides: Record<string, unknown> = {}) => ({
    email: 'lea@exemple.fr',
    username: 'lea_runs',
    firstname: 'Léa',
    lastname: 'Durand',
    pwd: STRONG_PASSWORD,
    ...overrides,
  });

  const account = (email: string) => test.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('creates a person account and answers its uuid, keeping only a hash of the password', async () => {
    const response = await register(person());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await account('lea@exemple.fr');
    await expectStoredHashOf(row.password_hash, STRONG_PASSWORD, row);
  });

  it.each([
    ['the same e-mail in another case', { email: 'LEA@Exemple.FR', username: 'autre' }, 'users/email-already-taken', 'Cette adresse mail est déjà utilisée 🙁'],
    ['the same username in another case', { email: 'autre@exemple.fr', username: 'LEA_RUNS' }, 'users/username-already-taken', "Ce nom d'utilisateur n'est pas disponible 🙁"],
    ['an invalid e-mail', { email: 'lea@exemple', username: 'x1' }, 'users/invalid-email', 'Cette adresse mail est invalide 🙁'],
    ['a password that is only poor', { email: 'p@exemple.fr', username: 'x2', pwd: 'MotDePasse' }, 'users/invalid-password', 'Ce mot de passe ne convient pas 🙁'],
    ['a 7-character okay-looking password', { email: 'p@exemple.fr', username: 'x3', pwd: 'Ab1!cde' }, 'users/invalid-password', 'Ce mot de passe ne convient pas 🙁'],
    ['an empty username', { email: 'p@exemple.fr', username: '  ' }, 'users/invalid-username', undefined],
    ['an empty first name', { email: 'p@exemple.fr', username: 'x4', firstname: '' }, 'users/invalid-name', undefined],
  ])('refuses %s with its code', async (_case, overrides, code, message) => {
    const response = await register(person(overrides));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBe(code);
    if (message) expect(response.json().error.message).toBe(message);
  });

  const subscribed = async (email: string) =>
    (await test.database.db.selectFrom('users').select('newsletter').where('email', '=', email).executeTakeFirstOrThrow()).newsletter;

  it('subscribes to the newsletter only when the box was ticked (decision 0010)', async () => {
    expect((await register(person({ email: 'sans@exemple.fr', username: 'sans' }))).statusCode).toBe(200);
    expect((await register(person({ email: 'non@exemple.fr', username: 'non', newsletter: false }))).statusCode).toBe(200);
    expect((await register(person({ email: 'oui@exemple.fr', username: 'oui', newsletter: true }))).statusCode).toBe(200);
    expect([await subscribed('sans@exemple.fr'), await subscribed('non@exemple.fr'), await subscribed('oui@exemple.fr')]).toEqual([false, false, true]);
    // A row written without saying (the admin bootstrap, a script) is not subscribed either.
    await test.database.db.insertInto('users').values({ email: 'script@exemple.fr', username: 'script', account_type: 'user', password_hash: 'x' }).execute();
    expect(await subscribed('script@exemple.fr')).toBe(false);
    const notBoolean = await register(person({ email: 'peut@exemple.fr', username: 'peut', newsletter: 'oui' }));
    expect([notBoolean.statusCode, notBoolean.json().error.code]).toEqual([400, 'http/bad-request']);
  });

  it('accepts an 8-character okay password', async () => {
    const response = await register(person({ email: 'okay@exemple.fr', username: 'okay', pwd: 'Ab1!cdef' }));
    expect(response.statusCode).toBe(200);
  });

  raceTest('keeps exactly one account when 20 registrations of one e-mail race', async () => {
    await openConnections(test.database.db, 10);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(person({ email: 'course@exemple.fr', username: `coureur${i}` }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = await test.database.db.selectFrom('users').select('id').where('email', '=', 'course@exemple.fr').execute();
    expect(rows).toHaveLength(1);
  });

  it('counts person accounts only, also after concurrent registrations', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => register(person({ email: `compte${i}@exemple.fr`, username: `compte${i}` }))));
    const { users } = (await test.app.inject({ method: 'GET', url: '/api/counter' })).json();
    const row = await test.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_type', '=', 'user')
      .executeTakeFirstOrThrow();
    expect(users).toBe(Number(row.n));
    expect(users).toBeGreaterThanOrEqual(13);
  });

  describe('organisations', () => {
    const registerOrganisation = async (email: string, username = 'Club des Dauphins', newsletter?: boolean) =>
      test.app.inject({
        method: 'POST',
        url: '/api/fn/users-registerOrganisation',
        payload: { email, username, pwd: STRONG_PASSWORD, newsletter, ...(await proofOfWork(test.app)) },
      });

    it('refuses an e-mail the admin has not allowed', async () => {
      const response = await registerOrganisation('club@exemple.fr');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'users/email-unauthorized',
        message: "Cette adresse n'a pas la permission d'ouvrir un compte 🙁",
      });
    });

    it('creates the organisation once the admin allows its e-mail, without counting it as a person', async () => {
      const admin = await registerAdmin(test.app, test.database);
      const before = (await test.app.inject({ method: 'GET', url: '/api/counter' })).json().users;
      const allow = await test.app.inject({
        method: 'POST',
        url: '/api/admin/organisations/allowlist',
        headers: { cookie: admin.cookie },
        payload: { email: 'Club@Exemple.fr' },
      });
      expect(allow.statusCode).toBe(204);
      const response = await registerOrganisation('club@exemple.fr');
      expect(response.statusCode).toBe(200);
      expect((await test.app.inject({ method: 'GET', url: '/api/counter' })).json().users).toBe(before);
      const row = await account('club@exemple.fr');
      await expectStoredHashOf(row.password_hash, STRONG_PASSWORD, row);

      // In the public guide once its address is proven (decision 0026), as by its mailed link.
      await test.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', 'club@exemple.fr').execute();
      const list = await test.app.inject({ method: 'POST', url: '/api/fn/users-getOrganisations', payload: {} });
      expect(list.json().data).toContainEqual({ username: 'Club des Dauphins', profilePic: '' });

      const adminView = await test.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: { cookie: admin.cookie } });
      expect(adminView.json().allowlist).toContainEqual(expect.objectContaining({ email: 'club@exemple.fr', registered: true }));

      const removed = await test.app.inject({
        method: 'DELETE',
        url: '/api/admin/organisations/allowlist/club%40exemple.fr',
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(removed.statusCode).toBe(204);
      expect((await test.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: { cookie: admin.cookie } })).json().allowlist).toEqual([]);
    });

    it('keeps only a hash of the password in a claim on an address that no account has proven', async () => {
      await test.database.db.insertInto('organisation_allowlist').values({ email: 'reclame@club.fr' }).execute();
      expect((await registerOrganisation('reclame@club.fr', 'Club Premier')).statusCode).toBe(200);
      expect((await registerOrganisation('reclame@club.fr', 'Club Second')).statusCode).toBe(202);
      const claim = await test.database.db.selectFrom('organisation_claims').selectAll().where('email', '=', 'reclame@club.fr').executeTakeFirstOrThrow();
      await expectStoredHashOf(claim.password_hash, STRONG_PASSWORD, claim);
    });

    it('subscribes an organisation to the newsletter only when its box was ticked', async () => {
      await test.database.db.insertInto('organisation_allowlist').values([{ email: 'oui@club.fr' }, { email: 'non@club.fr' }]).execute();
      expect((await registerOrganisation('oui@club.fr', 'Club Oui', true)).statusCode).toBe(200);
      expect((await registerOrganisation('non@club.fr', 'Club Non')).statusCode).toBe(200);
      expect([await subscribed('oui@club.fr'), await subscribed('non@club.fr')]).toEqual([true, false]);
    });
  });
});
