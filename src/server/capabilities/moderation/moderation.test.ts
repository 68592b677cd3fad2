import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../../shared/api-error';
import { errorCatalogue } from '../../../shared/messages';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { announce } from '../../platform/live/announce';
import { pendingSportsQueries, pendingWordsQueries, publishedWordsQuery } from './pending';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

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

describe('moderators at the same time', () => {
  const post = (url: string, cookie: string, payload: object = {}) => test.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** `count` pending words by as many new members, oldest first. */
  async function pendingWords(count: number): Promise<string[]> {
    const rows = await test.database.db
      .insertInto('words')
      .values(Array.from({ length: count }, (_, i) => ({ content: `Mot concurrent ${randomUUID()} ${i}`, author_id: null })))
      .returning('id')
      .execute();
    changedBySql();
    return rows.map((row) => row.id);
  }

  /** An item's journal rows in the order they were written (a table read without an order has none). */
  const journalOf = (targetId: string) =>
    test.database.db
      .selectFrom('journal')
      .select(['actor_id', 'kind', 'target_type', 'summary', 'details'])
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  const pendingTotal = async () => (await get('/api/admin/moderation', moderator.cookie)).json().pendingWords.total as number;

  raceTest('approves a word once when two moderators click together: the other is told, in French, that it is done', async () => {
    await openConnections(test.database.db, 2);
    for (const action of ['approve', 'refuse'] as const) {
      const [id] = await pendingWords(1);
      const before = await pendingTotal();
      const answers = await Promise.all([admin, moderator].map((who) => post(`/api/admin/words/${id}/${action}`, who.cookie)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json()).toEqual({ error: { code: 'moderation/already-done', message: errorCatalogue['moderation/already-done'] } });
      expect(await pendingTotal()).toBe(before - 1);
      // One journal row, by whoever succeeded.
      const rows = await journalOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: `moderation/${action}`, target_type: 'word', summary: expect.stringMatching(/^Mot concurrent/) });
      const winner = answers[0].statusCode === 204 ? admin : moderator;
      expect(rows[0].actor_id).toBe(winner.uuid);
    }
  });

  raceTest('tells the later of an approval and a refusal of the same sport that it is done', async () => {
    await openConnections(test.database.db, 2);
    await test.database.db.insertInto('sports').values({ id: 'biathlon', name: 'Biathlon', duplicate_key: 'biathlon', emoji: '🎿', submitted_by: null }).execute();
    changedBySql();
    const answers = await Promise.all([post('/api/admin/sports/biathlon/approve', admin.cookie), post('/api/admin/sports/biathlon/refuse', moderator.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect(await journalOf('biathlon')).toEqual([expect.objectContaining({ target_type: 'sport', summary: '🎿 Biathlon' })]);
    expect(await get('/api/admin/summary')).toMatchObject({ statusCode: 200 });
  });

  raceTest('approves a selection in bulk, counting what another moderator did first, each item journaled once', async () => {
    await openConnections(test.database.db, 2);
    const ids = await pendingWords(30);
    await test.database.db.insertInto('sports').values([
      { id: 'padel', name: 'Padel', duplicate_key: 'padel', emoji: '🎾', submitted_by: null },
      { id: 'escrime', name: 'Escrime', duplicate_key: 'escrime', emoji: '🤺', submitted_by: null },
    ]).execute();
    changedBySql();
    const before = await pendingTotal();
    // Two overlapping selections sent together, in opposite orders (row locks in id order: no deadlock).
    const first = ids.slice(0, 20);
    const second = ids.slice(10).reverse();
    const [a, b] = await Promise.all([
      post('/api/admin/moderation/bulk', admin.cookie, { action: 'approve', words: first, sports: ['padel'] }),
      post('/api/admin/moderation/bulk', moderator.cookie, { action: 'approve', words: second, sports: ['padel', 'escrime'] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [ra, rb] = [a.json(), b.json()];
    // 30 words and 2 sports in all, each done by exactly one of the two.
    expect(ra.done + rb.done).toBe(32);
    expect(ra.done + ra.alreadyDone).toBe(21);
    expect(rb.done + rb.alreadyDone).toBe(22);
    expect(ra.alreadyDone + rb.alreadyDone).toBe(11);
    expect(await pendingTotal()).toBe(before - 30);
    const journal = await test.database.db
      .selectFrom('journal')
      .select(['target_id', 'actor_id', 'details'])
      .where('target_id', 'in', [...ids, 'padel', 'escrime'])
      .execute();
    expect(journal.map((row) => row.target_id).sort()).toEqual([...ids, 'padel', 'escrime'].sort());
    expect(journal.filter((row) => row.actor_id === admin.uuid)).toHaveLength(ra.done);
    expect(journal[0].details).toEqual({ bulk: true });
    const published = await test.database.db.selectFrom('words').select('id').where('id', 'in', ids).where('public', '=', true).execute();
    expect(published).toHaveLength(30);

    // Done again: nothing left to do, nothing journaled.
    const again = await post('/api/admin/moderation/bulk', moderator.cookie, { action: 'approve', words: first, sports: [] });
    expect(again.json()).toEqual({ done: 0, alreadyDone: 20 });
  });

  raceTest('refuses a selection in bulk while a moderator refuses one of it, and deletes them', async () => {
    await openConnections(test.database.db, 2);
    const ids = await pendingWords(5);
    const [bulk, single] = await Promise.all([
      post('/api/admin/moderation/bulk', admin.cookie, { action: 'refuse', words: ids, sports: [] }),
      post(`/api/admin/words/${ids[2]}/refuse`, moderator.cookie),
    ]);
    if (single.statusCode === 204) expect(bulk.json()).toEqual({ done: 4, alreadyDone: 1 });
    else expect([single.statusCode, bulk.json()]).toEqual([409, { done: 5, alreadyDone: 0 }]);
    expect(await test.database.db.selectFrom('words').select('id').where('id', 'in', ids).execute()).toEqual([]);
    const kinds = await test.database.db.selectFrom('journal').select('kind').where('target_id', 'in', ids).execute();
    expect(kinds).toHaveLength(5);
    expect(new Set(kinds.map((row) => row.kind))).toEqual(new Set(['moderation/refuse']));
  });

  it('refuses a bulk payload that is not a selection', async () => {
    for (const payload of [
      { action: 'publish', words: [], sports: [] },
      { action: 'approve', words: ['pas-un-uuid'], sports: [] },
      { action: 'approve', words: Array.from({ length: 501 }, () => randomUUID()), sports: [] },
      { action: 'approve', words: [] },
    ]) {
      const response = await post('/api/admin/moderation/bulk', admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(isApiErrorBody(response.json())).toBe(true);
    }
    const member = await registerMember(test.app);
    expect((await post('/api/admin/moderation/bulk', member.cookie, { action: 'approve', words: [], sports: [] })).statusCode).toBe(403);
  });

  it('withdraws a published word and sets its VIP highlight once, journaled; a second try is told it is done', async () => {
    const [id] = await pendingWords(1);
    expect((await post(`/api/admin/words/${id}/withdraw`, admin.cookie)).statusCode).toBe(409);
    expect((await post(`/api/admin/words/${id}/approve`, admin.cookie)).statusCode).toBe(204);
    expect((await post(`/api/admin/words/${id}/vip`, moderator.cookie, { vip: true })).statusCode).toBe(204);
    expect((await post(`/api/admin/words/${id}/vip`, admin.cookie, { vip: true })).statusCode).toBe(409);
    const withdrawals = await Promise.all([admin, moderator].map((who) => post(`/api/admin/words/${id}/withdraw`, who.cookie)));
    expect(withdrawals.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect((await journalOf(id)).map((row) => [row.kind, row.details])).toEqual([
      ['moderation/approve', {}],
      ['moderation/vip', { vip: true }],
      ['moderation/withdraw', {}],
    ]);
  });

  it("takes back a fresh approval ('Annuler'), journaled, and not an older one", async () => {
    const [id, old] = await pendingWords(2);
    const before = await pendingTotal();
    expect((await post(`/api/admin/words/${id}/unapprove`, moderator.cookie)).statusCode).toBe(409);
    expect((await post(`/api/admin/words/${id}/approve`, moderator.cookie)).statusCode).toBe(204);
    expect((await post(`/api/admin/words/${id}/unapprove`, moderator.cookie)).statusCode).toBe(204);
    expect(await test.database.db.selectFrom('words').select(['public', 'published_at']).where('id', '=', id).executeTakeFirst()).toEqual({ public: false, published_at: null });
    expect(await pendingTotal()).toBe(before);
    expect((await post(`/api/admin/words/${id}/unapprove`, moderator.cookie)).statusCode).toBe(409);
    expect((await journalOf(id)).map((row) => row.kind)).toEqual(['moderation/approve', 'moderation/unapprove']);

    expect((await post(`/api/admin/words/${old}/approve`, admin.cookie)).statusCode).toBe(204);
    await test.database.db.updateTable('words').set({ published_at: sql<Date>`now() - interval '2 minutes'` }).where('id', '=', old).execute();
    expect((await post(`/api/admin/words/${old}/unapprove`, admin.cookie)).statusCode).toBe(409);

    await test.database.db.insertInto('sports').values({ id: 'curling', name: 'Curling', duplicate_key: 'curling', emoji: '🥌', submitted_by: null }).execute();
    expect((await post('/api/admin/sports/curling/approve', admin.cookie)).statusCode).toBe(204);
    expect((await post('/api/admin/sports/curling/unapprove', admin.cookie)).statusCode).toBe(204);
    expect(await test.database.db.selectFrom('sports').select('public').where('id', '=', 'curling').executeTakeFirst()).toEqual({ public: false });
    expect(await journalOf('curling')).toEqual([
      expect.objectContaining({ kind: 'moderation/approve', summary: '🥌 Curling' }),
      expect.objectContaining({ kind: 'moderation/unapprove', summary: '🥌 Curling' }),
    ]);
  });

  it('rolls the action back with its journal row: no approval without its trace', async () => {
    const [id] = await pendingWords(1);
    // The journal refuses this one row, as a full disk or a bug would: the approval must not stay.
    await sql`alter table journal add constraint journal_refuses_test check (target_id is distinct from ${sql.lit(id)}) not valid`.execute(test.database.db);
    try {
      expect((await post(`/api/admin/words/${id}/approve`, admin.cookie)).statusCode).toBe(500);
      expect((await post('/api/admin/moderation/bulk', admin.cookie, { action: 'refuse', words: [id], sports: [] })).statusCode).toBe(500);
    } finally {
      await sql`alter table journal drop constraint journal_refuses_test`.execute(test.database.db);
    }
    expect(await test.database.db.selectFrom('words').select('public').where('id', '=', id).executeTakeFirst()).toEqual({ public: false });
    expect(await journalOf(id)).toEqual([]);
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
    // is cheaper than the table only once the pages are all-visible, and autovacuum's timing
    // would otherwise decide the plan.
    await sql`vacuum (analyze) words`.execute(test.database.db);
    await sql`vacuum (analyze) sports`.execute(test.database.db);
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
