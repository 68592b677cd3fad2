import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNEL } from '../../platform/live/announce';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { insertAccounts } from '../../platform/testing/accounts';
import { sportId } from '../../../shared/validation/sport';
import { PENDING_SUGGESTIONS_PER_MEMBER } from './routes';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

describe('sports: suggestions, moderation and reactions', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    [admin, member] = await Promise.all([registerAdmin(test.app, test.database), registerMember(test.app)]);
  });

  const suggest = (name: string, emoji = '⚽', cookie = member.cookie) =>
    test.app.inject({ method: 'POST', url: '/api/sports', headers: { cookie }, payload: { name, emoji } });
  const approve = (id: string) =>
    test.app.inject({ method: 'POST', url: `/api/admin/sports/${encodeURIComponent(id)}/approve`, headers: { cookie: admin.cookie }, payload: {} });
  const react = (id: string, reaction: string, cookie: string) =>
    test.app.inject({ method: 'POST', url: `/api/sports/${encodeURIComponent(id)}/reaction`, headers: { cookie }, payload: { reaction } });
  const list = async () => (await test.app.inject({ method: 'GET', url: '/api/sports' })).json().sports as { id: string; name: string; reactions: Record<string, number> }[];

  it('creates a pending suggestion under its lower-cased id, hidden until approved', async () => {
    const response = await suggest('  Beach   Volley ', '🏐');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'beach volley' });
    expect((await list()).map((sport) => sport.id)).not.toContain('beach volley');
    expect((await approve('beach volley')).statusCode).toBe(204);
    expect(await list()).toContainEqual({ id: 'beach volley', name: 'Beach Volley', emoji: '🏐', reactions: { love: 0, wow: 0, no: 0 } });
  });

  it.each(['PÉTANQUE', 'petanque', ' Pétanque ', 'pétanque'])('treats %s as a duplicate of Pétanque (case and accents ignored)', async (name) => {
    if ((await test.database.db.selectFrom('sports').select('id').where('id', '=', 'pétanque').executeTakeFirst()) === undefined) {
      expect((await suggest('Pétanque', '🎯')).statusCode).toBe(201);
    }
    const check = await test.app.inject({ method: 'GET', url: `/api/sports/check?name=${encodeURIComponent(name)}` });
    expect(check.json()).toEqual({ taken: true, existing: { id: 'pétanque', listed: false } });
    const response = await suggest(name);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Hmm, ce sport a déjà été suggéré 🙁');
  });

  it('keeps different punctuation apart and answers free names as not taken', async () => {
    const check = await test.app.inject({ method: 'GET', url: '/api/sports/check?name=Beach-Volley' });
    expect(check.json()).toEqual({ taken: false });
    // An approved one is named with its place on the vote list.
    const approved = await test.app.inject({ method: 'GET', url: '/api/sports/check?name=beach%20volley' });
    expect(approved.json()).toEqual({ taken: true, existing: { id: 'beach volley', listed: true } });
  });

  it.each([
    ['an empty name', '', '⚽', 'sports/invalid-name'],
    ['a name without letters', '42', '⚽', 'sports/invalid-name'],
    ['a 41-character name', 'a'.repeat(41), '⚽', 'sports/invalid-name'],
    ['text in the emoji field', 'Curling', 'abc', 'sports/invalid-emoji'],
    ['four emoji', 'Curling', '🥌🥌🥌🥌', 'sports/invalid-emoji'],
    ['a name with a right-to-left override', 'Foot\u202Elabd', '⚽', 'sports/invalid-name'],
    ['a name with a bidi isolate', '\u2066Rugby', '⚽', 'sports/invalid-name'],
    ['a name with a control character', 'Ten\u0007nis', '⚽', 'sports/invalid-name'],
  ])('refuses %s', async (_case, name, emoji, code) => {
    const response = await suggest(name, emoji);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it('lets anonymous visitors read but not suggest or react', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/sports' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'POST', url: '/api/sports', payload: { name: 'Judo', emoji: '' } })).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'POST', url: '/api/sports/judo/reaction', payload: { reaction: 'love' } })).statusCode).toBe(401);
  });

  it('applies the toggle rule and reports the member’s own choices', async () => {
    await suggest('Escalade', '🧗');
    await approve('escalade');
    expect((await react('escalade', 'love', member.cookie)).json()).toEqual({ reactions: { love: 1, wow: 0, no: 0 }, mine: 'love' });
    expect((await react('escalade', 'wow', member.cookie)).json()).toEqual({ reactions: { love: 0, wow: 1, no: 0 }, mine: 'wow' });
    const mine = await test.app.inject({ method: 'GET', url: '/api/sports/mine', headers: { cookie: member.cookie } });
    expect(mine.json().reactions).toEqual({ escalade: 'wow' });
    expect((await react('escalade', 'wow', member.cookie)).json()).toEqual({ reactions: { love: 0, wow: 0, no: 0 }, mine: null });
    expect((await react('escalade', 'bravo', member.cookie)).statusCode).toBe(400);
  });

  it('refuses reactions on pending or unknown sports', async () => {
    await suggest('Curling', '🥌');
    expect((await react('curling', 'love', member.cookie)).statusCode).toBe(404);
    expect((await react('inconnu', 'love', member.cookie)).statusCode).toBe(404);
  });

  raceTest('keeps every count right when 50 members react at once, each with at most one reaction', async () => {
    await openConnections(test.database.db, 10);
    await suggest('Aviron', '🚣');
    await approve('aviron');
    const members = await Promise.all(Array.from({ length: 50 }, () => registerMember(test.app)));
    const choice = (i: number) => (['love', 'wow', 'no'] as const)[i % 3];
    // Each member clicks three times at once: their final reaction is whichever click won.
    const responses = await Promise.all(
      members.flatMap((m, i) => [react('aviron', choice(i), m.cookie), react('aviron', choice(i + 1), m.cookie), react('aviron', choice(i), m.cookie)]),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await test.database.db.selectFrom('sport_reactions').select(['user_id', 'reaction']).where('sport_id', '=', 'aviron').execute();
    const perMember = new Map<string, number>();
    for (const row of rows) perMember.set(row.user_id, (perMember.get(row.user_id) ?? 0) + 1);
    expect([...perMember.values()].every((count) => count === 1)).toBe(true);
    const counted = { love: 0, wow: 0, no: 0 };
    for (const row of rows) counted[row.reaction] += 1;
    const aviron = (await list()).find((sport) => sport.id === 'aviron')!;
    expect(aviron.reactions).toEqual(counted);

    // Then one clean click each: 50 members, 50 reactions, none lost.
    await Promise.all(members.map((m, i) => test.database.db.deleteFrom('sport_reactions').where('user_id', '=', m.uuid).execute().then(() => react('aviron', choice(i), m.cookie))));
    const after = (await list()).find((sport) => sport.id === 'aviron')!;
    expect(after.reactions).toEqual({ love: 17, wow: 17, no: 16 });
  });

  it('tells every open page of each toggle, in the toggle’s own statement, and of nothing for a sport that is not public', async () => {
    expect((await suggest('Canoë', '🛶')).statusCode).toBe(201);
    expect((await approve(sportId('Canoë'))).statusCode).toBe(204);
    const notices: unknown[] = [];
    const stop = await test.database.listen(LIVE_CHANNEL, (payload) => notices.push(JSON.parse(payload)));
    try {
      expect((await react(sportId('Canoë'), 'wow', member.cookie)).statusCode).toBe(200);
      expect((await react('inconnu', 'wow', member.cookie)).statusCode).toBe(404);
      await vi.waitFor(() => expect(notices).toContainEqual({ topic: 'sports', data: { id: sportId('Canoë') } }));
      expect(notices).not.toContainEqual({ topic: 'sports', data: { id: 'inconnu' } });
    } finally {
      await stop();
    }
  });

  it('sorts by most reactions, then by name in French order', async () => {
    for (const [name, emoji] of [['Zumba', '💃'], ['Équitation', '🏇'], ['Kayak', '🚣']]) {
      expect((await suggest(name, emoji)).statusCode).toBe(201);
      expect((await approve(sportId(name))).statusCode).toBe(204);
    }
    // More reactions than any other sport of this file's database, from members of its own.
    const fans = await insertAccounts(test.database.db, 60);
    await test.database.db.insertInto('sport_reactions').values(fans.map((fan) => ({ sport_id: sportId('Kayak'), user_id: fan.id, reaction: 'love' }))).execute();
    const names = (await list()).map((sport) => sport.name);
    expect(names[0]).toBe('Kayak');
    // No reaction to either: É sorts with E, before Z (not after it, as in code order).
    expect(names.indexOf('Équitation')).toBeLessThan(names.indexOf('Zumba'));
  });

  raceTest(`lets a member have ${PENDING_SUGGESTIONS_PER_MEMBER} suggestions waiting at most, even when sent at once`, async () => {
    await openConnections(test.database.db, 10);
    const suggester = await registerMember(test.app);
    const names = Array.from({ length: PENDING_SUGGESTIONS_PER_MEMBER + 5 }, (_, i) => `Sport en attente ${String.fromCharCode(97 + i)}`);
    const responses = await Promise.all(names.map((name) => suggest(name, '', suggester.cookie)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(PENDING_SUGGESTIONS_PER_MEMBER);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].json().error).toEqual({
      code: 'sports/too-many-pending',
      message: "Tu as déjà 10 suggestions en attente : attends que l'équipe les valide avant d'en proposer d'autres 🙁",
    });
    const pending = await test.database.db.selectFrom('sports').select('id').where('submitted_by', '=', suggester.uuid).execute();
    expect(pending).toHaveLength(PENDING_SUGGESTIONS_PER_MEMBER);

    // Another member is not held back, and a review frees a place.
    expect((await suggest('Sport d’un autre membre')).statusCode).toBe(201);
    expect((await approve(pending[0].id)).statusCode).toBe(204);
    expect((await suggest('Sport après validation', '', suggester.cookie)).statusCode).toBe(201);
    expect((await suggest('Sport de trop', '', suggester.cookie)).statusCode).toBe(429);
  });

  it('lets a member toggle 60 reactions a minute, then answers 429, without holding others back', async () => {
    await suggest('Tir à l’arc', '🏹');
    await approve('tir à l’arc');
    const [clicker, other] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    for (let i = 0; i < 60; i++) expect((await react('tir à l’arc', 'love', clicker.cookie)).statusCode).toBe(200);
    const limited = await react('tir à l’arc', 'love', clicker.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('http/rate-limited');
    expect((await react('tir à l’arc', 'wow', other.cookie)).statusCode).toBe(200);
  });

  it('lets only the admin approve or refuse', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/admin/sports/curling/approve', headers: { cookie: member.cookie }, payload: {} });
    expect(response.statusCode).toBe(403);
    const refused = await test.app.inject({ method: 'POST', url: '/api/admin/sports/curling/refuse', headers: { cookie: admin.cookie }, payload: {} });
    expect(refused.statusCode).toBe(204);
    expect((await suggest('Curling', '🥌')).statusCode).toBe(201);
  });
});
