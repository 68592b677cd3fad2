import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail, MemberPage } from '../../../shared/members';
import { login, registerAdmin, registerMember, registerOrganisation, STRONG_PASSWORD, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { applyRetention } from '../../platform/jobs/retention';
import { capabilities } from '../index';

describe('/admin/members', () => {
  const test = setUpTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const as = (cookie: string) => ({
    get: (url: string) => test.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object) => test.app.inject({ method: 'POST', url, headers: { cookie }, payload }),
    delete: (url: string) => test.app.inject({ method: 'DELETE', url, headers: { cookie } }),
  });
  const search = async (query: string) => {
    const response = await as(admin.cookie).get(`/api/admin/members?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MemberPage;
  };
  const setRole = (cookie: string, id: string, role: string, granted: boolean) => as(cookie).post(`/api/admin/members/${id}/roles`, { role, granted });
  const suspend = (cookie: string, id: string, suspended: boolean) => as(cookie).post(`/api/admin/members/${id}/suspension`, { suspended });
  const journal = (targetId: string) =>
    test.database.db.selectFrom('journal').select(['kind', 'actor_id', 'summary', 'details']).where('target_id', '=', targetId).orderBy('id').execute();
  const rolesOf = async (id: string) => (await test.database.db.selectFrom('users').select('roles').where('id', '=', id).executeTakeFirstOrThrow()).roles;

  describe('search', () => {
    it('finds a member by any word of their names or e-mail, whatever the accents and case, from its start', async () => {
      const tag = randomBytes(3).toString('hex');
      const member = await registerMember(test.app, { email: `eloise.muller.${tag}@exemple.fr`, username: `Zoé_${tag}` });
      await test.database.db.updateTable('users').set({ firstname: 'Éloïse', lastname: 'Müller-Lefèvre' }).where('id', '=', member.uuid).execute();
      for (const q of ['ELOISE', 'éloise', 'eloïse', 'muller', 'LEFEVRE', 'lefè', `zoe_${tag}`, `ZOÉ ${tag}`, `eloise.muller.${tag}@exemple.fr`, `Müller ${tag}`]) {
        const { members } = await search(`q=${encodeURIComponent(q)}`);
        expect(members.map((found) => found.uuid), q).toContain(member.uuid);
      }
      // Every word must match: another member's word does not widen the search.
      expect((await search(`q=${encodeURIComponent(`Éloïse zzz${tag}`)}`)).members).toEqual([]);
      // Matches start a word: the middle of one is not searched (decision 0020).
      expect((await search(`q=${encodeURIComponent(`oise ${tag}`)}`)).members).toEqual([]);
    });

    it('reads its matches through the index of stored words, not every account', async () => {
      // The search words and the stored terms come from one database function, and a prefix
      // LIKE on the C-collated term column is a range scan of its primary key.
      await test.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select user_id from user_search_terms where term like ${'mart%'}`.execute(trx);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) user_search_terms_pkey/);
        expect(plan).toMatch(/Index Cond: \(\(term >= 'mart'::text\) AND \(term < 'maru'::text\)\)/);
      });
    });

    it('pages newest first with a keyset cursor, without gaps or repeats, and filters', async () => {
      const tag = `Pagin${randomBytes(3).toString('hex')}`;
      const values = Array.from({ length: 57 }, (_, index) => ({
        email: `p${index}-${tag.toLowerCase()}@exemple.fr`,
        username: `${tag}_${index}`,
        lastname: tag,
        account_type: index % 3 === 0 ? ('organisation' as const) : ('user' as const),
        password_hash: 'x',
        newsletter: index % 2 === 0,
        // Two share a creation time: the id orders them.
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index === 56 ? 55 : index)),
      }));
      await test.database.db.insertInto('users').values(values).execute();
      const first = await search(`q=${tag}`);
      expect(first.members).toHaveLength(50);
      expect(first.next).toBeTruthy();
      const second = await search(`q=${tag}&after=${first.next}`);
      expect(second.members).toHaveLength(7);
      expect(second.next).toBeNull();
      const all = [...first.members, ...second.members];
      expect(new Set(all.map((member) => member.uuid)).size).toBe(57);
      const times = all.map((member) => member.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      const organisations = await search(`q=${tag}&type=organisation&subscribed=yes`);
      expect(organisations.members.map((member) => member.username).sort()).toEqual(
        values.filter((value) => value.account_type === 'organisation' && value.newsletter).map((value) => value.username).sort(),
      );
      expect((await search(`q=${tag}&verified=yes`)).members).toEqual([]);
      expect((await search(`q=${tag}&role=admin`)).members).toEqual([]);
      expect((await search(`q=${tag}&suspended=no`)).members).toHaveLength(50);
    });

    it('refuses a cursor it did not write', async () => {
      const response = await as(admin.cookie).get('/api/admin/members?after=bm90LWEtY3Vyc29y');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('http/bad-request');
    });
  });

  it('shows a member’s account: profile, dates, word, reactions, newsletter, sessions', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Vivement le lancement !' } });
    await login(test.app, member.email, member.password);
    const response = await as(admin.cookie).get(`/api/admin/members/${member.uuid}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as MemberDetail;
    expect(detail).toMatchObject({
      uuid: member.uuid,
      email: member.email,
      username: member.username,
      firstname: 'Camille',
      accountType: 'user',
      emailVerified: true,
      newsletter: true,
      suspended: false,
      word: { content: 'Vivement le lancement !', public: false, vip: false },
      reactions: 0,
      sessions: 2,
    });
    expect((await as(admin.cookie).get('/api/admin/members/00000000-0000-4000-8000-000000000000')).json().error.code).toBe('members/not-found');
  });

  describe('roles', () => {
    it('grants and revokes moderator, once each in the journal', async () => {
      const member = await registerMember(test.app);
      expect((await setRole(admin.cookie, member.uuid, 'moderator', true)).json().roles).toEqual(['moderator']);
      expect((await setRole(admin.cookie, member.uuid, 'moderator', true)).statusCode).toBe(200);
      expect((await as(member.cookie).get('/api/admin/moderation')).statusCode).toBe(200);
      expect((await setRole(admin.cookie, member.uuid, 'moderator', false)).json().roles).toEqual([]);
      expect((await as(member.cookie).get('/api/admin/moderation')).statusCode).toBe(403);
      expect(await journal(member.uuid)).toEqual([
        expect.objectContaining({ kind: 'roles/grant', actor_id: admin.uuid, details: { role: 'moderator' } }),
        expect.objectContaining({ kind: 'roles/revoke', actor_id: admin.uuid, details: { role: 'moderator' } }),
      ]);
    });

    it('never removes an admin’s own role, nor the last admin; the refusal leaves no journal row', async () => {
      const own = await setRole(admin.cookie, admin.uuid, 'admin', false);
      expect(own.statusCode).toBe(409);
      expect(own.json().error).toEqual({ code: 'members/not-yourself', message: "Tu ne peux pas faire ça sur ton propre compte depuis l'administration 🙁" });
      expect(await rolesOf(admin.uuid)).toContain('admin');
      expect(await journal(admin.uuid)).toEqual([]);
    });

    raceTest('keeps one admin when two admins revoke each other at the same time', async () => {
      const [first, second] = await Promise.all([registerAdmin(test.app, test.database), registerAdmin(test.app, test.database)]);
      // Only these two stay admins, so the rule is theirs to break.
      await test.database.db.updateTable('users').set({ roles: [] }).where('id', '=', admin.uuid).execute();
      try {
        await openConnections(test.database.db, 10);
        const answers = await Promise.all([setRole(first.cookie, second.uuid, 'admin', false), setRole(second.cookie, first.uuid, 'admin', false)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 403]);
        const left = await test.database.db.selectFrom('users').select('id').where(sql<boolean>`'admin' = any(roles)`).execute();
        expect(left).toHaveLength(1);
        // The one who lost the role cannot remove the other's now: the last admin stays.
        const survivor = left[0].id === first.uuid ? first : second;
        expect((await setRole(survivor.cookie, survivor.uuid, 'admin', false)).json().error.code).toBe('members/not-yourself');
      } finally {
        await test.database.db.updateTable('users').set({ roles: ['admin'] }).where('id', '=', admin.uuid).execute();
      }
    });

    it('refuses an admin’s own suspension or deletion, which would also remove an admin', async () => {
      const suspendSelf = await suspend(admin.cookie, admin.uuid, true);
      expect(suspendSelf.statusCode).toBe(409);
      expect(suspendSelf.json().error.code).toBe('members/not-yourself');
      expect((await as(admin.cookie).delete(`/api/admin/members/${admin.uuid}`)).json().error.code).toBe('members/not-yourself');
      expect((await as(admin.cookie).get('/api/auth/me')).statusCode).toBe(200);
    });
  });

  describe('suspension', () => {
    it('ends a live session at once, refuses login, hides the word, and is undone by reinstating', async () => {
      const member = await registerMember(test.app);
      await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Un mot bientôt caché' } });
      const word = await test.database.db.selectFrom('words').select('id').where('author_id', '=', member.uuid).executeTakeFirstOrThrow();
      expect((await as(admin.cookie).post(`/api/admin/words/${word.id}/approve`, {})).statusCode).toBe(204);
      const wall = async () => ((await test.app.inject({ method: 'GET', url: '/api/words' })).json().words as { content: string }[]).map((item) => item.content);
      expect(await wall()).toContain('Un mot bientôt caché');
      expect((await as(member.cookie).get('/api/auth/me')).statusCode).toBe(200);

      const suspended = await suspend(admin.cookie, member.uuid, true);
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toMatchObject({ suspended: true, sessions: 0 });
      // The session the member holds is refused on its very next request.
      expect((await as(member.cookie).get('/api/auth/me')).statusCode).toBe(401);
      expect((await as(member.cookie).post('/api/words', { content: 'Encore un essai' })).statusCode).toBe(401);
      const loginAgain = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: STRONG_PASSWORD } });
      expect(loginAgain.statusCode).toBe(403);
      expect(loginAgain.json().error.code).toBe('auth/account-suspended');
      expect(await wall()).not.toContain('Un mot bientôt caché');
      expect((await search('suspended=yes')).members.map((found) => found.uuid)).toContain(member.uuid);

      expect((await suspend(admin.cookie, member.uuid, false)).json().suspended).toBe(false);
      expect(await wall()).toContain('Un mot bientôt caché');
      const cookie = await login(test.app, member.email, member.password);
      expect((await as(cookie).get('/api/auth/me')).statusCode).toBe(200);
      expect((await journal(member.uuid)).map((row) => row.kind)).toEqual(['member/suspend', 'member/reinstate']);
    });

    it('takes a suspended organisation off the organisations guide until it is reinstated', async () => {
      const club = await registerOrganisation(test.app, test.database);
      const listed = async () =>
        ((await test.app.inject({ method: 'POST', url: '/api/fn/users-getOrganisations', payload: {} })).json().data as { username: string }[]).map((item) => item.username);
      expect(await listed()).toContain(club.username);
      await suspend(admin.cookie, club.uuid, true);
      expect(await listed()).not.toContain(club.username);
      await suspend(admin.cookie, club.uuid, false);
      expect(await listed()).toContain(club.username);
    });

    it('is rolled back with its journal row: a journal that cannot be written leaves the member as they were', async () => {
      const member = await registerMember(test.app);
      await sql`alter table journal add constraint journal_test_refuses check (kind <> 'member/suspend') not valid`.execute(test.database.db);
      try {
        const response = await suspend(admin.cookie, member.uuid, true);
        expect(response.statusCode).toBe(500);
      } finally {
        await sql`alter table journal drop constraint journal_test_refuses`.execute(test.database.db);
      }
      expect((await as(member.cookie).get('/api/auth/me')).statusCode).toBe(200);
      const row = await test.database.db.selectFrom('users').select('suspended_at').where('id', '=', member.uuid).executeTakeFirstOrThrow();
      expect(row.suspended_at).toBeNull();
      expect(await journal(member.uuid)).toEqual([]);
    });
  });

  it('deletes an account suspended two years ago, as the privacy policy says, and not a newer suspension', async () => {
    const [old, recent] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    await test.database.db.updateTable('users').set({ suspended_at: sql<Date>`now() - interval '2 years 1 day'` }).where('id', '=', old.uuid).execute();
    await test.database.db.updateTable('users').set({ suspended_at: sql<Date>`now() - interval '23 months'` }).where('id', '=', recent.uuid).execute();
    const counts = await applyRetention(test.database.db, capabilities);
    expect(counts.suspendedAccounts).toBe(1);
    const left = await test.database.db.selectFrom('users').select('id').where('id', 'in', [old.uuid, recent.uuid]).execute();
    expect(left).toEqual([{ id: recent.uuid }]);
  });

  it('deletes an account as its own RGPD deletion does, public word kept as “Inconnu”, journaled', async () => {
    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Je reste après mon départ' } });
    const word = await test.database.db.selectFrom('words').select('id').where('author_id', '=', member.uuid).executeTakeFirstOrThrow();
    await as(admin.cookie).post(`/api/admin/words/${word.id}/approve`, {});
    const response = await as(admin.cookie).delete(`/api/admin/members/${member.uuid}`);
    expect(response.statusCode).toBe(204);
    expect(await test.database.db.selectFrom('users').select('id').where('id', '=', member.uuid).executeTakeFirst()).toBeUndefined();
    expect((await as(member.cookie).get('/api/auth/me')).statusCode).toBe(401);
    const wall = (await test.app.inject({ method: 'GET', url: '/api/words' })).json().words as { content: string; author: string }[];
    expect(wall.find((item) => item.content === 'Je reste après mon départ')?.author).toBe('Inconnu');
    expect(await journal(member.uuid)).toEqual([
      expect.objectContaining({ kind: 'member/delete', actor_id: admin.uuid, summary: `${member.username} (${member.email})` }),
    ]);
    expect((await as(admin.cookie).delete(`/api/admin/members/${member.uuid}`)).statusCode).toBe(404);
    // The member learns it from the association, not at their next sign-in.
    const mail = await test.mailbox.waitFor(member.email, (sent) => sent.parsed.subject === 'Ton compte a été supprimé');
    expect(mail.parsed.text).toContain("a été supprimé par l'équipe de l'association");
    expect(mail.parsed.text).not.toContain("comme tu l'as demandé");
    expect(mail.parsed.text).toContain('Une question ? Écris-nous à');
  });
});

describe('the last admin’s own account', () => {
  const test = setUpTestApp();

  it('cannot be deleted by its owner while no other admin is active; can once another is named', async () => {
    const only = await registerAdmin(test.app, test.database);
    const leave = (cookie: string) => test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { password: STRONG_PASSWORD } });
    const refused = await leave(only.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('members/last-admin');
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: only.cookie } })).statusCode).toBe(200);

    const member = await registerMember(test.app);
    const named = await test.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.uuid}/roles`,
      headers: { cookie: only.cookie },
      payload: { role: 'admin', granted: true },
    });
    expect(named.statusCode).toBe(200);
    expect((await leave(only.cookie)).statusCode).toBe(204);
    // The one left cannot go the same way.
    expect((await leave(member.cookie)).json().error.code).toBe('members/last-admin');
  });
});
