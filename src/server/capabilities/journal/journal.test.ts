import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalActors, JournalPage } from '../../../shared/journal';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { applyRetention } from '../../platform/jobs/retention';
import { capabilities } from '../index';
import { recordAction } from './record';

describe('the audit journal', () => {
  const test = setUpTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const get = async (query: string, cookie = admin.cookie) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/admin/journal${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as JournalPage;
  };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
  const latest = async () => (await get(`?actor=${admin.uuid}`)).entries[0];

  it('records the admin’s own actions, each in its transaction: allowlist, settings, trips, newsletter', async () => {
    expect((await send('POST', '/api/admin/organisations/allowlist', { email: 'Club@Exemple.fr' })).statusCode).toBe(204);
    expect(await latest()).toMatchObject({ kind: 'allowlist/add', actor: admin.username, targetId: 'club@exemple.fr', summary: 'club@exemple.fr' });
    // Allowed already: nothing changed, nothing journaled.
    const before = (await get(`?actor=${admin.uuid}`)).entries.length;
    await send('POST', '/api/admin/organisations/allowlist', { email: 'club@exemple.fr' });
    expect((await get(`?actor=${admin.uuid}`)).entries).toHaveLength(before);
    expect((await send('DELETE', '/api/admin/organisations/allowlist/club%40exemple.fr')).statusCode).toBe(204);
    expect(await latest()).toMatchObject({ kind: 'allowlist/remove', targetId: 'club@exemple.fr' });

    expect((await send('PUT', '/api/admin/settings', { bonusAmount: 7.5 })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'settings/update', details: { bonusAmount: { from: 5, to: 7.5 } } });
    // A refused value changes nothing and leaves no row.
    expect((await send('PUT', '/api/admin/settings', { bonusAmount: -1 })).statusCode).toBe(400);
    expect((await latest()).kind).toBe('settings/update');

    const member = await registerMember(test.app, { newsletter: true });
    expect((await send('POST', '/api/admin/past-trips', { email: member.email })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'past-trips/add', targetType: 'user', targetId: member.uuid });
    expect((await send('DELETE', '/api/admin/past-trips/last', { email: member.email })).statusCode).toBe(200);
    expect((await latest()).kind).toBe('past-trips/remove');

    const letter = { letter: 'Bonjour à toutes et à tous', title: 'Les nouvelles', desc: 'Un mot' };
    expect((await send('POST', '/api/fn/newsletter-sendTest', { ...letter, email: 'relecture@exemple.fr', userId: member.uuid })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'newsletter/test', summary: 'Les nouvelles → relecture@exemple.fr' });
    const sent = await send('POST', '/api/fn/newsletter-send', { ...letter, filter: 'users' });
    expect(sent.statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'newsletter/send', targetId: sent.json().data.newsletterId, summary: 'Les nouvelles' });
  });

  it('pages newest first with a cursor, filtered by actor and by kind, readable by admins only', async () => {
    const other = await registerAdmin(test.app, test.database);
    for (let index = 0; index < 55; index += 1) await recordAction(test.database.db, { actorId: other.uuid, kind: 'allowlist/add', summary: `n°${index}` });
    await recordAction(test.database.db, { actorId: other.uuid, kind: 'member/suspend', summary: 'le seul' });
    const first = await get(`?actor=${other.uuid}`);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].summary).toBe('le seul');
    const second = await get(`?actor=${other.uuid}&before=${first.next}`);
    expect(second.next).toBeNull();
    const summaries = [...first.entries, ...second.entries].map((entry) => entry.summary);
    expect(summaries).toEqual(['le seul', ...Array.from({ length: 55 }, (_, index) => `n°${54 - index}`)]);
    expect((await get(`?actor=${other.uuid}&kind=member/suspend`)).entries.map((entry) => entry.summary)).toEqual(['le seul']);

    const actors = (await test.app.inject({ method: 'GET', url: '/api/admin/journal/actors', headers: { cookie: admin.cookie } })).json() as JournalActors;
    expect(actors.actors).toEqual(expect.arrayContaining([{ id: other.uuid, name: other.username }]));

    const member = await registerMember(test.app);
    for (const url of ['/api/admin/journal', '/api/admin/journal/actors']) {
      expect((await test.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })).statusCode).toBe(403);
    }
    const bad = await test.app.inject({ method: 'GET', url: '/api/admin/journal?kind=tout', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
    // A cursor past PostgreSQL's bigint is the request's fault, not the server's.
    for (const before of ['9223372036854775808', '9999999999999999999']) {
      const overflow = await test.app.inject({ method: 'GET', url: `/api/admin/journal?before=${before}`, headers: { cookie: admin.cookie } });
      expect([overflow.statusCode, overflow.json().error.code]).toEqual([400, 'http/bad-request']);
    }
    expect((await get(`?actor=${other.uuid}&before=999999999999999999`)).entries).toHaveLength(50);
  });

  it('keeps a row’s actor after their account is gone, and offers no way to change a row', async () => {
    const leaving = await registerAdmin(test.app, test.database);
    await recordAction(test.database.db, { actorId: leaving.uuid, kind: 'roles/grant', summary: 'avant départ' });
    await test.database.db.deleteFrom('users').where('id', '=', leaving.uuid).execute();
    expect((await get(`?actor=${leaving.uuid}`)).entries[0]).toMatchObject({ actor: leaving.username, summary: 'avant départ' });
    const journalRoutes = test.app.routeTable.filter((route) => route.url.startsWith('/api/admin/journal'));
    expect(journalRoutes.map((route) => route.method)).toEqual(['GET', 'GET']);
  });

  it('is purged after 12 months by the retention job', async () => {
    await recordAction(test.database.db, { actorId: admin.uuid, kind: 'settings/update', summary: 'il y a 13 mois' });
    await recordAction(test.database.db, { actorId: admin.uuid, kind: 'settings/update', summary: 'il y a 11 mois' });
    await sql`update journal set created_at = now() - interval '13 months' where summary = 'il y a 13 mois'`.execute(test.database.db);
    await sql`update journal set created_at = now() - interval '11 months' where summary = 'il y a 11 mois'`.execute(test.database.db);
    const counts = await applyRetention(test.database.db, capabilities);
    expect(counts.journal).toBe(1);
    const left = await test.database.db.selectFrom('journal').select('summary').where('summary', 'like', 'il y a %').execute();
    expect(left).toEqual([{ summary: 'il y a 11 mois' }]);
  });
});
