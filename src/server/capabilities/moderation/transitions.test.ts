import { randomUUID } from 'node:crypto';
import { change } from '../../platform/live/change';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalKind } from '../../../shared/journal';
import type { DatabaseHandle } from '../../platform/db/connection';
import type { Database } from '../../platform/db/schema';
import { createTestDatabase } from '../../platform/testing/test-database';
import { announce, LIVE_CHANNEL } from '../../platform/live/announce';
import { approveSports, approveWords, recordModeration, refuseSports, refuseWords, setWordVip, withdrawWord, type Moderated } from './transitions';

// The transitions called straight, on a real database: what each one changes, returns and
// journals, and which change notices it sends. moderation.test.ts drives them through the API.
describe('moderation transitions', () => {
  let database: DatabaseHandle;
  let notices: string[] = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase();
    stopListening = await database.listen(LIVE_CHANNEL, (payload) => notices.push(JSON.parse(payload).topic));
  });

  afterAll(async () => {
    await stopListening();
    await database.close();
  });

  async function words(count: number, { published = false } = {}) {
    const rows = await database.db
      .insertInto('words')
      .values(Array.from({ length: count }, (_, i) => ({ content: `Mot ${randomUUID()} ${i}`, author_id: null, public: published, published_at: published ? new Date() : null })))
      .returning(['id', 'content'])
      .execute();
    return rows;
  }

  async function sport(name: string, emoji: string, { published = false } = {}) {
    const id = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`;
    await database.db.insertInto('sports').values({ id, name, duplicate_key: id, emoji, submitted_by: null, public: published, published_at: published ? new Date() : null }).execute();
    return id;
  }

  const inTransaction = <T>(run: (trx: Kysely<Database>) => Promise<T>) => database.db.transaction().execute(run);

  /** The notices sent since the last call: a marker announced last shows that every earlier one arrived. */
  async function noticesSent() {
    await announce(database.db, 'counter');
    await expect.poll(() => notices.at(-1)).toBe('counter');
    const sent = notices.slice(0, -1);
    notices = [];
    return sent;
  }

  it('does nothing with an empty selection', async () => {
    await noticesSent();
    expect(await inTransaction((trx) => approveWords(trx, []))).toEqual([]);
    expect(await inTransaction((trx) => refuseWords(trx, []))).toEqual([]);
    expect(await inTransaction((trx) => approveSports(trx, []))).toEqual([]);
    expect(await inTransaction((trx) => refuseSports(trx, []))).toEqual([]);
    await change({ database }, (moderation) => recordModeration(moderation, randomUUID(), 'moderation/approve', []));
    expect(await noticesSent()).toEqual([]);
  });

  it('approves only the pending words of a selection, publishing them', async () => {
    const [pending, alsoPending] = await words(2);
    const [published] = await words(1, { published: true });
    const done = await inTransaction((trx) => approveWords(trx, [pending.id, published.id, alsoPending.id, randomUUID()]));
    expect(done.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [pending, alsoPending].map((word) => ({ type: 'word', id: word.id, summary: word.content })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    const rows = await database.db.selectFrom('words').select(['id', 'public', 'published_at']).where('id', 'in', [pending.id, alsoPending.id]).execute();
    expect(rows.every((row) => row.public && row.published_at instanceof Date)).toBe(true);
    expect(await inTransaction((trx) => approveWords(trx, [pending.id]))).toEqual([]);
  });

  it('refuses only pending words, deleting them, and leaves published ones', async () => {
    const [pending] = await words(1);
    const [published] = await words(1, { published: true });
    expect(await inTransaction((trx) => refuseWords(trx, [pending.id, published.id]))).toEqual([{ type: 'word', id: pending.id, summary: pending.content }]);
    const left = await database.db.selectFrom('words').select('id').where('id', 'in', [pending.id, published.id]).execute();
    expect(left).toEqual([{ id: published.id }]);
  });

  it('names a sport by its emoji and name, or its name alone, and moves only pending ones', async () => {
    const kayak = await sport('Kayak', '🛶');
    const tir = await sport('Tir', '');
    const known = await sport('Aviron', '🚣', { published: true });
    const approved = await inTransaction((trx) => approveSports(trx, [kayak, known]));
    expect(approved).toEqual([{ type: 'sport', id: kayak, summary: '🛶 Kayak' }]);
    expect(await database.db.selectFrom('sports').select(['public']).where('id', '=', kayak).executeTakeFirst()).toEqual({ public: true });
    const refused = await inTransaction((trx) => refuseSports(trx, [tir, known, kayak]));
    expect(refused).toEqual([{ type: 'sport', id: tir, summary: 'Tir' }]);
    const left = await database.db.selectFrom('sports').select('id').where('id', 'in', [kayak, tir, known]).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([known, kayak].sort());
  });

  it('withdraws and highlights only published words, and says when nothing changed', async () => {
    const [pending] = await words(1);
    const [published] = await words(1, { published: true });
    const summary = { type: 'word', id: published.id, summary: published.content };
    expect(await inTransaction((trx) => withdrawWord(trx, pending.id))).toBeUndefined();
    expect(await inTransaction((trx) => setWordVip(trx, pending.id, true))).toBeUndefined();
    expect(await inTransaction((trx) => setWordVip(trx, published.id, false))).toBeUndefined();
    expect(await inTransaction((trx) => setWordVip(trx, published.id, true))).toEqual(summary);
    expect(await database.db.selectFrom('words').select('vip').where('id', '=', published.id).executeTakeFirst()).toEqual({ vip: true });
    expect(await inTransaction((trx) => setWordVip(trx, published.id, true))).toBeUndefined();
    expect(await inTransaction((trx) => setWordVip(trx, published.id, false))).toEqual(summary);
    expect(await inTransaction((trx) => withdrawWord(trx, published.id))).toEqual(summary);
    expect(await inTransaction((trx) => withdrawWord(trx, published.id))).toBeUndefined();
    expect(await database.db.selectFrom('words').select('id').where('id', 'in', [pending.id, published.id]).execute()).toEqual([{ id: pending.id }]);
  });

  it.each<[JournalKind, Moderated['type'][], string[]]>([
    // A refusal changes no public list: only the queue hears of it.
    ['moderation/refuse', ['word', 'sport'], ['moderation']],
    ['moderation/approve', ['word'], ['words', 'moderation']],
    ['moderation/approve', ['sport'], ['sports', 'moderation']],
    ['moderation/approve', ['word', 'sport'], ['words', 'sports', 'moderation']],
    ['moderation/withdraw', ['word'], ['words', 'moderation']],
  ])('journals each item of %s %j and tells the pages %j', async (kind, types, expected) => {
    await noticesSent();
    const actorId = randomUUID();
    const items = types.map((type) => ({ type, id: randomUUID(), summary: `Résumé ${randomUUID()}` }));
    await change({ database }, (moderation) => recordModeration(moderation, actorId, kind, items, { bulk: true }));
    expect(await noticesSent()).toEqual(expected);
    const journal = await database.db
      .selectFrom('journal')
      .select(['actor_id', 'kind', 'target_type', 'target_id', 'summary', 'details'])
      .where('target_id', 'in', items.map((item) => item.id))
      .execute();
    expect(journal).toHaveLength(items.length);
    for (const item of items) {
      expect(journal).toContainEqual({ actor_id: actorId, kind, target_type: item.type, target_id: item.id, summary: item.summary, details: { bulk: true } });
    }
  });
});
