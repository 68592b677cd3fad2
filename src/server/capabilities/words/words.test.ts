import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

describe('supporters’ words', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const publish = (member: TestMember, content: unknown) =>
    test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content } });
  const wall = async () => (await test.app.inject({ method: 'GET', url: '/api/words' })).json().words as { id: string; content: string; author: string; vip: boolean }[];
  const moderate = (id: string, action: 'approve' | 'refuse' | 'vip', payload: object = {}, cookie = admin.cookie) =>
    test.app.inject({ method: 'POST', url: `/api/admin/words/${id}/${action}`, headers: { cookie }, payload });

  it.each([
    ['6 characters', 'Allez!', 400],
    ['7 characters', 'Allez !', 201],
    ['150 characters', 'é'.repeat(150), 201],
    ['151 characters', 'é'.repeat(151), 400],
    ['7 characters padded with spaces to look longer', '   Bravo   ', 400],
    ['emoji counted as one each (7)', '⚽⚽⚽⚽⚽⚽⚽', 201],
  ])('applies the print length rule at the boundary: %s', async (_case, content, status) => {
    const member = await registerMember(test.app);
    const response = await publish(member, content);
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(response.json().error.code).toBe('words/invalid-content');
  });

  it.each([
    ['a right-to-left override', 'Allez les \u202Eeueslb !'],
    ['a bidi isolate', '\u2066Allez les bleus !'],
    ['a control character', 'Allez\u0008 les bleus !'],
    ['a C1 control', 'Allez\u0085 les bleus !'],
  ])('refuses a print with %s, as usernames are refused', async (_case, content) => {
    const member = await registerMember(test.app);
    const response = await publish(member, content);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'words/invalid-characters',
      message: "Ce message contient des caractères non autorisés (caractères de contrôle ou d'inversion du texte) 🙁",
    });
  });

  it('keeps the line breaks of a print', async () => {
    const member = await registerMember(test.app);
    expect((await publish(member, 'Allez !\nOn y va\ttous ensemble')).statusCode).toBe(201);
  });

  it('refuses a second print with the spec’s message', async () => {
    const member = await registerMember(test.app);
    expect((await publish(member, 'Vivement le lancement !')).statusCode).toBe(201);
    const second = await publish(member, 'Encore un message ?');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Hmm, on dirait que tu as déjà laissé une marque... 🤔');
  });

  raceTest('stores one print when a member publishes ten at once', async () => {
    await openConnections(test.database.db, 10);
    // Three members in turn: the first requests on a route run slower and may end apart.
    for (let round = 0; round < 3; round++) {
      const member = await registerMember(test.app);
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => publish(member, `Message numéro ${i} !`)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
      const rows = await test.database.db.selectFrom('words').select('id').where('author_id', '=', member.uuid).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('asks for a session to publish', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/words', payload: { content: 'Anonyme ici' } });
    expect(response.statusCode).toBe(401);
  });

  it('shows a word on the wall only after approval, with its author’s name, as text', async () => {
    const member = await registerMember(test.app);
    const content = '<img src=x onerror=alert(1)> Trop hâte !';
    const created = await publish(member, content);
    const { id } = created.json();
    expect((await wall()).some((word) => word.id === id)).toBe(false);
    const mine = await test.app.inject({ method: 'GET', url: '/api/words/mine', headers: { cookie: member.cookie } });
    expect(mine.json()).toEqual({ word: { content, public: false } });

    expect((await moderate(id, 'approve')).statusCode).toBe(204);
    const shown = (await wall()).find((word) => word.id === id);
    expect(shown).toEqual({ id, content, author: 'Camille Martin', authorPic: '', vip: false });

    expect((await moderate(id, 'vip', { vip: true })).statusCode).toBe(204);
    const list = await wall();
    expect(list[0]).toMatchObject({ id, vip: true });
  });

  it('serves the wall with an ETag and answers 304 until it changes', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/api/words' });
    const etag = first.headers.etag as string;
    const again = await test.app.inject({ method: 'GET', url: '/api/words', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const member = await registerMember(test.app);
    const { id } = (await publish(member, 'Un nouveau message !')).json();
    await moderate(id, 'approve');
    // The change notice reaches the cache through LISTEN/NOTIFY: poll briefly.
    let status = 304;
    for (let i = 0; i < 50 && status === 304; i++) {
      status = (await test.app.inject({ method: 'GET', url: '/api/words', headers: { 'if-none-match': etag } })).statusCode;
      if (status === 304) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
  });

  it('serves the wall compressed from its cache, with an ETag per encoding', async () => {
    // Above the 1 kB compression threshold, so every encoding is exercised.
    const authors = await Promise.all(Array.from({ length: 12 }, () => registerMember(test.app)));
    for (const [i, author] of authors.entries()) await moderate((await publish(author, `Message compressé ${i} ! ${'⚽'.repeat(60)}`)).json().id, 'approve');
    const plain = await test.app.inject({ method: 'GET', url: '/api/words' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const expected = plain.json();

    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip;q=1, br;q=0', 'gzip']] as const) {
      const response = await test.app.inject({ method: 'GET', url: '/api/words', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.etag).not.toBe(plain.headers.etag);
      expect(JSON.parse(decoders[encoding](response.rawPayload).toString())).toEqual(expected);
      const again = await test.app.inject({
        method: 'GET',
        url: '/api/words',
        headers: { 'accept-encoding': accept, 'if-none-match': response.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('refuses a word by deleting it, so its author may write another', async () => {
    const member = await registerMember(test.app);
    const { id } = (await publish(member, 'Message à refuser')).json();
    expect((await moderate(id, 'refuse')).statusCode).toBe(204);
    expect((await publish(member, 'Un message plus sympa')).statusCode).toBe(201);
    expect((await moderate(id, 'approve')).statusCode).toBe(409);
  });

  it('keeps a public word as Inconnu when its author deletes the account, and drops a pending one', async () => {
    const [kept, dropped] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    const { id: publicId } = (await publish(kept, 'Je reste sur le mur')).json();
    const { id: pendingId } = (await publish(dropped, 'Je pars avec mon compte')).json();
    await moderate(publicId, 'approve');
    for (const member of [kept, dropped]) {
      const response = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
      expect(response.statusCode).toBe(204);
    }
    const word = await test.database.db.selectFrom('words').select(['author_id']).where('id', '=', publicId).executeTakeFirstOrThrow();
    expect(word.author_id).toBeNull();
    expect(await test.database.db.selectFrom('words').select('id').where('id', '=', pendingId).executeTakeFirst()).toBeUndefined();
    let shown;
    for (let i = 0; i < 50 && !shown?.author.startsWith('Inconnu'); i++) {
      shown = (await wall()).find((item) => item.id === publicId);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(shown?.author).toBe('Inconnu');
  });

  it('lets only the admin moderate', async () => {
    const member = await registerMember(test.app);
    const { id } = (await publish(member, 'Qui modère ?')).json();
    expect((await moderate(id, 'approve', {}, member.cookie)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'POST', url: `/api/admin/words/${id}/approve`, payload: {} })).statusCode).toBe(401);
    expect((await moderate('pas-un-uuid', 'approve')).statusCode).toBe(400);
  });
});
