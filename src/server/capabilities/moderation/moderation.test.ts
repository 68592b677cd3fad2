import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../../shared/api-error';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { announce } from '../../platform/live/announce';
import { pendingSportsQueries, pendingWordsQueries, publishedWordsQuery } from './pending';

const test = setUpTestApp();
let admin: TestMember;
let moderator: TestMember;
beforeAll(async () => {
  [admin, moderator] = await Promise.all([registerAdmin(test.app, test.database), registerModerator(test.app, test.database)]);
});

const get = (url: string, cookie = admin.cookie) => test.app.inject({ method: 'GET', url, headers: { cookie } });

/** Rows written here by SQL send no change notice: the queue this instance keeps is dropped as a notice would. */
const changedBySql = () => test.app.liveHub.invalidate('moderation');

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
  expect(body.publishedWords).toEqual({ items: [], next: null });

  const summary = await get('/api/admin/summary');
  expect(summary.json()).toEqual({ pendingWords: 2, pendingSports: 1, eventReports: 0 });

  expect((await get('/api/admin/moderation', first.cookie)).statusCode).toBe(403);
  expect((await get('/api/admin/moderation/words', first.cookie)).statusCode).toBe(403);
  expect((await get('/api/admin/moderation/published', first.cookie)).statusCode).toBe(403);
  expect((await test.app.inject({ method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
});

describe('a long queue', () => {
  type Item = { id: string };
  const ids = (items: Item[]) => items.map((item) => item.id);

  beforeAll(async () => {
    await test.database.db.deleteFrom('words').execute();
    await test.database.db.deleteFrom('sports').execute();
    changedBySql();
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
    changedBySql();
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
    changedBySql();
    const first = (await get('/api/admin/moderation')).json().pendingSports;
    expect(first.total).toBe(51);
    expect(first.items).toHaveLength(50);
    const second = (await get(`/api/admin/moderation/sports?after=${first.next}`)).json();
    expect([...ids(first.items), ...ids(second.items)].sort()).toEqual(names);
    expect(second).toMatchObject({ total: 51, next: null });
  });

  it('lists published words 25 at a time, newest first, so the page does not grow with the wall', async () => {
    // Published in pairs within one microsecond: ties are broken by id, newest id first.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: randomUUID(),
      published_at: `2026-11-24T14:00:00.000${String(Math.floor(i / 2)).padStart(3, '0')}Z`,
    }));
    await test.database.db
      .insertInto('words')
      .values(rows.map((row, i) => ({ id: row.id, content: `Mot publié ${i}`, public: true, vip: i === 59, author_id: null, published_at: sql<Date>`${row.published_at}::timestamptz` })))
      .execute();
    changedBySql();
    const newestFirst = rows
      .sort((a, b) => (a.published_at > b.published_at ? -1 : a.published_at < b.published_at ? 1 : a.id > b.id ? -1 : 1))
      .map((row) => row.id);

    const first = (await get('/api/admin/moderation')).json().publishedWords;
    expect(ids(first.items)).toEqual(newestFirst.slice(0, 25));
    expect(first.items[0]).toEqual({ id: newestFirst[0], content: expect.stringMatching(/^Mot publié/), author: 'Inconnu', vip: expect.any(Boolean), publishedAt: expect.any(String) });
    const second = (await get(`/api/admin/moderation/published?after=${first.next}`, moderator.cookie)).json();
    expect(ids(second.items)).toEqual(newestFirst.slice(25, 50));
    const third = (await get(`/api/admin/moderation/published?after=${second.next}`)).json();
    expect(third).toEqual({ items: expect.any(Array), next: null });
    expect(ids(third.items)).toEqual(newestFirst.slice(50));

    // A word withdrawn meanwhile does not shift the following page.
    await test.app.inject({ method: 'POST', url: `/api/admin/words/${newestFirst[3]}/withdraw`, headers: { cookie: admin.cookie }, payload: {} });
    expect(ids((await get(`/api/admin/moderation/published?after=${first.next}`)).json().items)).toEqual(newestFirst.slice(25, 50));
  });

  it('keeps every public word in the published order: a public word without its time is refused by the database', async () => {
    await expect(test.database.db.insertInto('words').values({ content: 'Publié sans date', public: true, author_id: null }).execute()).rejects.toThrow(
      /words_published_when_public/,
    );
  });

  it.each(['pas-un-curseur', 'e30', Buffer.from('["2026-11-24T13:00:00.000001Z","pas-un-uuid"]').toString('base64url'), 'a'.repeat(401)])(
    'refuses the cursor %s with 400 and the error shape',
    async (cursor) => {
      for (const list of ['words', 'published']) {
        const response = await get(`/api/admin/moderation/${list}?after=${cursor}`);
        expect(response.statusCode).toBe(400);
        expect(isApiErrorBody(response.json())).toBe(true);
      }
    },
  );
});

describe('the first page, shared by every moderator', () => {
  const total = async () => (await get('/api/admin/moderation')).json().pendingWords.total as number;

  it('is computed once per change: a notice from any instance drops it, and a deleted author’s word leaves at once', async () => {
    const before = await total();
    // Written without a notice (as by hand in SQL): the shared page is answered as it was...
    const [{ id }] = await test.database.db.insertInto('words').values({ content: 'Écrit sans avis', author_id: null }).returning('id').execute();
    expect(await total()).toBe(before);
    // ...until a change notice arrives, here through the database as another instance sends it.
    await announce(test.database.db, 'moderation');
    await expect.poll(total).toBe(before + 1);
    await test.database.db.deleteFrom('words').where('id', '=', id).execute();
    changedBySql();

    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Bientôt parti' } });
    expect(await total()).toBe(before + 1);
    const deleted = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
    expect(deleted.statusCode).toBe(204);
    expect(await total()).toBe(before);
  });
});

describe('the queue at scale', () => {
  /** The plan PostgreSQL (or PGlite, the same planner) chooses for the query as the app sends it. */
  async function plan(query: Compilable): Promise<string> {
    const compiled = query.compile();
    const result = await test.database.db.executeQuery(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
    return JSON.stringify(result.rows);
  }

  beforeAll(async () => {
    // 20,000 words of which 2,000 wait, 2,000 sports of which 200 wait: enough that a
    // sequential scan and a sort would cost more than the index, as at 100,000.
    await sql`
      insert into words (content, public, published_at, created_at)
      select 'Mot ' || i, i % 10 <> 0, case when i % 10 <> 0 then now() - i * interval '1 second' end, now() - i * interval '1 second'
      from generate_series(1, 20000) as i`.execute(test.database.db);
    await sql`
      insert into sports (id, name, duplicate_key, public, created_at)
      select 'plan ' || i, 'Plan ' || i, 'plan' || i, i % 10 <> 0, now() - i * interval '1 second'
      from generate_series(1, 2000) as i`.execute(test.database.db);
    // VACUUM too, as autovacuum (or decision 0025's daily run) soon would: an index-only count
    // is cheaper than the table only once nearly all pages are all-visible, and autovacuum's
    // timing would otherwise decide the plan. On a PostgreSQL server shared with other test
    // files, a VACUUM may mark fewer (the sports' count was once planned on the table there):
    // it runs again until nine pages in ten are, as they are at once on a quiet server.
    for (const table of ['words', 'sports']) {
      for (let attempt = 1; ; attempt++) {
        await sql`vacuum (analyze) ${sql.table(table)}`.execute(test.database.db);
        const { rows } = await sql<{ pages: number; visible: number }>`
          select relpages as pages, relallvisible as visible from pg_class where relname = ${table}`.execute(test.database.db);
        if (rows[0].visible * 10 >= rows[0].pages * 9) break;
        if (attempt === 60) throw new Error(`VACUUM left ${rows[0].visible} of ${rows[0].pages} pages of ${table} all-visible`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  });

  // Cursors near the start of each list, as the second page's are: a fixed time of today
  // would fall among the seeded rows (the last 5.5 hours) or not, by the time the test runs.
  const from = { at: '2000-01-01T00:00:00.000001Z', id: randomUUID() };

  it.each([
    ['the first page of words', () => pendingWordsQueries(test.database.db).rows, 'words_pending_queue'],
    ['a later page of words', () => pendingWordsQueries(test.database.db, from).rows, 'words_pending_queue'],
    ['the first page of sports', () => pendingSportsQueries(test.database.db).rows, 'sports_pending_queue'],
    ['a later page of sports', () => pendingSportsQueries(test.database.db, { ...from, id: 'plan 12' }).rows, 'sports_pending_queue'],
    ['the published words', () => publishedWordsQuery(test.database.db), 'words_published_newest'],
    ['a later page of published words', () => publishedWordsQuery(test.database.db, { at: '2999-01-01T00:00:00.000000Z', id: from.id }), 'words_published_newest'],
  ])('reads %s in order from its index, without sorting', async (_name, query, index) => {
    const chosen = await plan(query());
    expect(chosen).toContain(`"Index Name":"${index}"`);
    expect(chosen).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
  });

  it.each([
    ['words', () => pendingWordsQueries(test.database.db).total, 'words_pending_queue'],
    ['sports', () => pendingSportsQueries(test.database.db).total, 'sports_pending_queue'],
  ])('counts the pending %s from the partial index, not the table', async (_name, query, index) => {
    const chosen = await plan(query());
    expect(chosen).toContain(`"Index Name":"${index}"`);
    expect(chosen).not.toContain('"Node Type":"Seq Scan"');
  });
});
