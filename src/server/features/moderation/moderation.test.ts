import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../../shared/api-error';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../testing/members';

const test = setUpTestApp();
let admin: TestMember;
beforeAll(async () => {
  admin = await registerAdmin(test.app, test.database);
});

const get = (url: string, cookie = admin.cookie) => test.app.inject({ method: 'GET', url, headers: { cookie } });

it('lists pending words and sports oldest first, with authors, for the admin only', async () => {
  const [first, second] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
  await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: first.cookie }, payload: { content: 'Premier message !' } });
  await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: second.cookie }, payload: { content: 'Deuxième message !' } });
  await test.app.inject({ method: 'POST', url: '/api/sports', headers: { cookie: first.cookie }, payload: { name: 'Kayak', emoji: '🛶' } });

  const queue = await get('/api/admin/moderation');
  expect(queue.statusCode).toBe(200);
  const body = queue.json();
  expect(body.pendingWords.items.map((word: { content: string }) => word.content)).toEqual(['Premier message !', 'Deuxième message !']);
  expect(body.pendingWords.items[0].author).toBe('Camille Martin');
  expect(body.pendingWords).toMatchObject({ total: 2, next: null });
  expect(body.pendingSports).toEqual({
    items: [expect.objectContaining({ id: 'kayak', name: 'Kayak', emoji: '🛶', submittedBy: 'Camille Martin' })],
    total: 1,
    next: null,
  });
  expect(body.publishedWords).toEqual([]);

  const summary = await get('/api/admin/summary');
  expect(summary.json()).toEqual({ pendingWords: 2, pendingSports: 1, eventReports: 0 });

  expect((await get('/api/admin/moderation', first.cookie)).statusCode).toBe(403);
  expect((await get('/api/admin/moderation/words', first.cookie)).statusCode).toBe(403);
  expect((await test.app.inject({ method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
});

describe('a long queue', () => {
  type Item = { id: string };
  const ids = (items: Item[]) => items.map((item) => item.id);

  beforeAll(async () => {
    await test.database.db.deleteFrom('words').execute();
    await test.database.db.deleteFrom('sports').execute();
  });

  it('comes 50 words at a time, oldest first, with exact counts and a cursor to the next page', async () => {
    // Two words per microsecond, all within one millisecond: the cursor must keep the
    // database's precision and break ties by id, or a page would skip or repeat words.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      content: `Message en attente ${i}`,
      created_at: `2026-11-24T13:00:00.000${String(Math.floor(i / 2)).padStart(3, '0')}Z`,
    }));
    await test.database.db
      .insertInto('words')
      .values(rows.map((row) => ({ ...row, author_id: null, created_at: sql<Date>`${row.created_at}::timestamptz` })))
      .execute();
    const byTimeThenId = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1;
    const expected = rows.sort(byTimeThenId).map((row) => row.id);

    const first = (await get('/api/admin/moderation')).json().pendingWords;
    expect(first.total).toBe(120);
    expect(ids(first.items)).toEqual(expected.slice(0, 50));
    expect(first.items[0]).toEqual({ id: expected[0], content: expect.stringMatching(/^Message en attente/), author: 'Inconnu', createdAt: expect.any(String) });
    expect(first.next).toEqual(expect.any(String));

    const second = (await get(`/api/admin/moderation/words?after=${first.next}`)).json();
    expect(second.total).toBe(120);
    expect(ids(second.items)).toEqual(expected.slice(50, 100));
    const third = (await get(`/api/admin/moderation/words?after=${second.next}`)).json();
    expect(ids(third.items)).toEqual(expected.slice(100));
    expect(third.next).toBeNull();

    // Words reviewed meanwhile do not shift the following page.
    for (const id of expected.slice(0, 10)) {
      await test.app.inject({ method: 'POST', url: `/api/admin/words/${id}/refuse`, headers: { cookie: admin.cookie }, payload: {} });
    }
    const after = (await get(`/api/admin/moderation/words?after=${first.next}`)).json();
    expect(ids(after.items)).toEqual(expected.slice(50, 100));
    expect(after.total).toBe(110);
    expect((await get('/api/admin/summary')).json()).toMatchObject({ pendingWords: 110 });
  });

  it('pages sport suggestions the same way', async () => {
    const names = Array.from({ length: 51 }, (_, i) => `sport ${String(i).padStart(2, '0')}`);
    await test.database.db
      .insertInto('sports')
      .values(names.map((name) => ({ id: name, name, duplicate_key: name, submitted_by: null })))
      .execute();
    const first = (await get('/api/admin/moderation')).json().pendingSports;
    expect(first.total).toBe(51);
    expect(first.items).toHaveLength(50);
    const second = (await get(`/api/admin/moderation/sports?after=${first.next}`)).json();
    expect([...ids(first.items), ...ids(second.items)].sort()).toEqual(names);
    expect(second).toMatchObject({ total: 51, next: null });
  });

  it.each(['pas-un-curseur', 'e30', Buffer.from('["2026-11-24T13:00:00.000001Z","pas-un-uuid"]').toString('base64url'), 'a'.repeat(401)])(
    'refuses the cursor %s with 400 and the error shape',
    async (cursor) => {
      const response = await get(`/api/admin/moderation/words?after=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(isApiErrorBody(response.json())).toBe(true);
    },
  );
});
