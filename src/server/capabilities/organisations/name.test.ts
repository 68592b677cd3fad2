import { describe, expect, it } from 'vitest';
import { registerAdmin, registerMember, registerOrganisation } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

describe('an organisation changes its displayed name (PUT /api/account/username, decision 0026)', () => {
  const test = setUpTestApp();

  const rename = (cookie: string, username: unknown) =>
    test.app.inject({ method: 'PUT', url: '/api/account/username', headers: { cookie }, payload: { username } });
  const journalOf = (actorId: string) =>
    test.database.db.selectFrom('journal').select(['kind', 'actor_id', 'target_id', 'summary', 'details']).where('actor_id', '=', actorId).orderBy('id').execute();
  const guide = async () =>
    (await test.app.inject({ method: 'POST', url: '/api/fn/users-getOrganisations', payload: {} })).json<{ data: { username: string }[] }>().data.map((item) => item.username);
  const wallAuthors = async () =>
    (await test.app.inject({ method: 'GET', url: '/api/words' })).json<{ words: { author: string }[] }>().words.map((word) => word.author);

  it('renames it everywhere at once, and journals the old and new names', async () => {
    const organisation = await registerOrganisation(test.app, test.database);
    const admin = await registerAdmin(test.app, test.database);
    const word = await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: organisation.cookie }, payload: { content: 'Venez courir avec nous !' } });
    expect(word.statusCode).toBe(201);
    await test.app.inject({ method: 'POST', url: `/api/admin/words/${word.json().id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
    expect(await wallAuthors()).toContain(organisation.username);

    const response = await rename(organisation.cookie, '  Club Athlétique de Lyon  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uuid: organisation.uuid, username: 'Club Athlétique de Lyon', accountType: 'organisation' });
    expect(await guide()).toContain('Club Athlétique de Lyon');
    expect(await guide()).not.toContain(organisation.username);
    // The wall is answered from memory: the change drops it at once.
    expect(await wallAuthors()).toContain('Club Athlétique de Lyon');
    expect(await journalOf(organisation.uuid)).toEqual([
      {
        kind: 'account/rename',
        actor_id: organisation.uuid,
        target_id: organisation.uuid,
        summary: `${organisation.username} → Club Athlétique de Lyon`,
        details: { from: organisation.username, to: 'Club Athlétique de Lyon' },
      },
    ]);

    // The same name again changes nothing, and is not journaled twice.
    expect((await rename(organisation.cookie, 'Club Athlétique de Lyon')).statusCode).toBe(200);
    expect(await journalOf(organisation.uuid)).toHaveLength(1);
  });

  it.each([
    ['an empty name', '   ', 400, 'users/invalid-username'],
    ['a name of 31 characters', 'x'.repeat(31), 400, 'users/invalid-username'],
    ['a name on two lines', 'Club\nFantôme', 400, 'users/invalid-username'],
    ['a right-to-left override', 'Club \u202Eemôtnaf', 400, 'users/invalid-username'],
    ['not a string', 42, 400, 'http/bad-request'],
  ])('refuses %s with the registration rule, and journals nothing', async (_case, username, status, code) => {
    const organisation = await registerOrganisation(test.app, test.database);
    const response = await rename(organisation.cookie, username);
    expect([response.statusCode, response.json().error.code]).toEqual([status, code]);
    expect(await journalOf(organisation.uuid)).toEqual([]);
  });

  it("refuses another account's name, in any case, with the registration's message", async () => {
    const organisation = await registerOrganisation(test.app, test.database);
    const other = await registerMember(test.app);
    const response = await rename(organisation.cookie, other.username.toUpperCase());
    expect([response.statusCode, response.json().error]).toEqual([
      409,
      { code: 'users/username-already-taken', message: "Ce nom d'utilisateur n'est pas disponible 🙁" },
    ]);
    expect(await journalOf(organisation.uuid)).toEqual([]);
  });

  it('is for organisations: a person is refused, a visitor asked to sign in', async () => {
    const person = await registerMember(test.app);
    const refused = await rename(person.cookie, 'Nouveau Nom');
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'http/forbidden']);
    const anonymous = await test.app.inject({ method: 'PUT', url: '/api/account/username', payload: { username: 'Nouveau Nom' } });
    expect(anonymous.statusCode).toBe(401);
  });

  raceTest('lets two organisations racing for one name end with one of them having it', async () => {
    const [first, second] = [await registerOrganisation(test.app, test.database), await registerOrganisation(test.app, test.database)];
    await openConnections(test.database.db, 10);
    const answers = await Promise.all([rename(first.cookie, 'Club Convoité'), rename(second.cookie, 'club convoité')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const holders = await test.database.db.selectFrom('users').select('id').where('username', 'in', ['Club Convoité', 'club convoité']).execute();
    expect(holders).toHaveLength(1);
  });
});
