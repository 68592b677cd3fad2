import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIKI_ARTICLE_IDS } from '../../../shared/wiki';
import { registerAdmin, registerMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

describe('wiki feedback', () => {
  const test = setUpTestApp();
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = (await registerAdmin(test.app, test.database)).cookie;
  });

  const answer = (articleId: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: `/api/wiki/${articleId}/feedback`, payload });
  const counts = async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/wiki-feedback', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    return response.json().articles as { articleId: string; helpful: number; notHelpful: number }[];
  };

  it('records an anonymous answer once per visitor and article, the first one counting', async () => {
    const visitorId = randomUUID();
    expect((await answer('chats', { visitorId, helpful: true })).json()).toEqual({ recorded: true });
    expect((await answer('chats', { visitorId, helpful: false })).json()).toEqual({ recorded: false });
    expect((await answer('profile', { visitorId, helpful: false })).json()).toEqual({ recorded: true });
    const chats = (await counts()).find((row) => row.articleId === 'chats');
    expect(chats).toEqual({ articleId: 'chats', title: 'Les discussions', hidden: false, helpful: 1, notHelpful: 0 });
  });

  it('treats an id typed in capitals as the same visitor', async () => {
    const visitorId = randomUUID();
    await answer('notifications', { visitorId, helpful: true });
    expect((await answer('notifications', { visitorId: visitorId.toUpperCase(), helpful: true })).json()).toEqual({ recorded: false });
  });

  raceTest('keeps one answer when the same visitor clicks twenty times at once', async () => {
    const visitorId = randomUUID();
    await openConnections(test.database.db, 10);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => answer('submit_trip', { visitorId, helpful: i % 2 === 0 })));
    expect(responses.filter((response) => response.json().recorded)).toHaveLength(1);
    const rows = await test.database.db.selectFrom('wiki_feedback').selectAll().where('visitor_id', '=', visitorId).execute();
    expect(rows).toHaveLength(1);
  });

  it('lists every article in menu order, with zeros for those without answers', async () => {
    const rows = await counts();
    expect(rows.map((row) => row.articleId)).toEqual([...WIKI_ARTICLE_IDS]);
    expect(rows.find((row) => row.articleId === 'home')).toEqual({ articleId: 'home', title: 'Bien démarrer avec CalShare', hidden: false, helpful: 0, notHelpful: 0 });
  });

  it.each([
    ['an unknown article', 'inconnu', { visitorId: randomUUID(), helpful: true }, 404, 'wiki/unknown-article'],
    ['a visitor id that is no uuid', 'home', { visitorId: 'moi', helpful: true }, 400, 'wiki/invalid-visitor'],
    ['a missing answer', 'home', { visitorId: randomUUID() }, 400, 'http/bad-request'],
    ['an unknown field', 'home', { visitorId: randomUUID(), helpful: true, score: 5 }, 400, 'http/bad-request'],
    ['an answer that is not a boolean', 'home', { visitorId: randomUUID(), helpful: 'oui' }, 400, 'http/bad-request'],
  ])('refuses %s', async (_case, articleId, payload, status, code) => {
    const response = await answer(articleId, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('keeps the counts for the admin only', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/wiki-feedback' })).statusCode).toBe(401);
    const member = await registerMember(test.app);
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/wiki-feedback', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(403);
  });

  it('limits the answers one address may send in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await answer('home', { visitorId: randomUUID(), helpful: true })).statusCode);
    expect(statuses).toContain(429);
    const limited = await answer('home', { visitorId: randomUUID(), helpful: true });
    expect(limited.json().error.code).toBe('http/rate-limited');
  });
});
