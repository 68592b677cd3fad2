// What moderators do to the queue's items (approve, refuse, withdraw, VIP, undo, in bulk),
// alone and at the same time; moderation.test.ts reads the queue.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../../shared/api-error';
import { errorCatalogue } from '../../../shared/messages';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
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

describe('moderators at the same time', () => {
  const post = (url: string, cookie: string, payload: object = {}) =>
    test.app.inject({ method: 'POST', url, headers: { cookie }, payload });

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
      expect(refused.json()).toEqual({
        error: { code: 'moderation/already-done', message: errorCatalogue['moderation/already-done'] },
      });
      expect(await pendingTotal()).toBe(before - 1);
      // One journal row, by whoever succeeded.
      const rows = await journalOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: `moderation/${action}`,
        target_type: 'word',
        summary: expect.stringMatching(/^Mot concurrent/),
      });
      const winner = answers[0].statusCode === 204 ? admin : moderator;
      expect(rows[0].actor_id).toBe(winner.uuid);
    }
  });

  raceTest('tells the later of an approval and a refusal of the same sport that it is done', async () => {
    await openConnections(test.database.db, 2);
    await test.database.db
      .insertInto('sports')
      .values({ id: 'biathlon', name: 'Biathlon', duplicate_key: 'biathlon', emoji: '🎿', submitted_by: null })
      .execute();
    changedBySql();
    const answers = await Promise.all([
      post('/api/admin/sports/biathlon/approve', admin.cookie),
      post('/api/admin/sports/biathlon/refuse', moderator.cookie),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect(await journalOf('biathlon')).toEqual([expect.objectContaining({ target_type: 'sport', summary: '🎿 Biathlon' })]);
    expect(await get('/api/admin/summary')).toMatchObject({ statusCode: 200 });
  });

  raceTest('approves a selection in bulk, counting what another moderator did first, each item journaled once', async () => {
    await openConnections(test.database.db, 2);
    const ids = await pendingWords(30);
    await test.database.db
      .insertInto('sports')
      .values([
        { id: 'padel', name: 'Padel', duplicate_key: 'padel', emoji: '🎾', submitted_by: null },
        { id: 'escrime', name: 'Escrime', duplicate_key: 'escrime', emoji: '🤺', submitted_by: null },
      ])
      .execute();
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
    const published = await test.database.db
      .selectFrom('words')
      .select('id')
      .where('id', 'in', ids)
      .where('public', '=', true)
      .execute();
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
    expect(
      (await post('/api/admin/moderation/bulk', member.cookie, { action: 'approve', words: [], sports: [] })).statusCode,
    ).toBe(403);
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
    expect(
      await test.database.db.selectFrom('words').select(['public', 'published_at']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({ public: false, published_at: null });
    expect(await pendingTotal()).toBe(before);
    expect((await post(`/api/admin/words/${id}/unapprove`, moderator.cookie)).statusCode).toBe(409);
    expect((await journalOf(id)).map((row) => row.kind)).toEqual(['moderation/approve', 'moderation/unapprove']);

    expect((await post(`/api/admin/words/${old}/approve`, admin.cookie)).statusCode).toBe(204);
    await test.database.db
      .updateTable('words')
      .set({ published_at: sql<Date>`now() - interval '2 minutes'` })
      .where('id', '=', old)
      .execute();
    expect((await post(`/api/admin/words/${old}/unapprove`, admin.cookie)).statusCode).toBe(409);

    await test.database.db
      .insertInto('sports')
      .values({ id: 'curling', name: 'Curling', duplicate_key: 'curling', emoji: '🥌', submitted_by: null })
      .execute();
    expect((await post('/api/admin/sports/curling/approve', admin.cookie)).statusCode).toBe(204);
    expect((await post('/api/admin/sports/curling/unapprove', admin.cookie)).statusCode).toBe(204);
    expect(await test.database.db.selectFrom('sports').select('public').where('id', '=', 'curling').executeTakeFirst()).toEqual({
      public: false,
    });
    expect(await journalOf('curling')).toEqual([
      expect.objectContaining({ kind: 'moderation/approve', summary: '🥌 Curling' }),
      expect.objectContaining({ kind: 'moderation/unapprove', summary: '🥌 Curling' }),
    ]);
  });

  it('rolls the action back with its journal row: no approval without its trace', async () => {
    const [id] = await pendingWords(1);
    // The journal refuses this one row, as a full disk or a bug would: the approval must not stay.
    await sql`alter table journal add constraint journal_refuses_test check (target_id is distinct from ${sql.lit(id)}) not valid`.execute(
      test.database.db,
    );
    try {
      expect((await post(`/api/admin/words/${id}/approve`, admin.cookie)).statusCode).toBe(500);
      expect(
        (await post('/api/admin/moderation/bulk', admin.cookie, { action: 'refuse', words: [id], sports: [] })).statusCode,
      ).toBe(500);
    } finally {
      await sql`alter table journal drop constraint journal_refuses_test`.execute(test.database.db);
    }
    expect(await test.database.db.selectFrom('words').select('public').where('id', '=', id).executeTakeFirst()).toEqual({
      public: false,
    });
    expect(await journalOf(id)).toEqual([]);
  });
});
