import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveNotice } from '../../../shared/live';
import { TEXT_BODY_MAX_LENGTH, textMessages, type TextConflict, type TextDetail, type TextDraft, type TextHistory, type TextList, type TextVersion } from '../../../shared/texts';
import { WIKI_ARTICLE_IDS } from '../../../shared/wiki';
import { registerAdmin, registerEditor, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { setUpTestApp } from '../../testing/test-app';
import { defaultTexts } from './defaults';
import { seedTexts } from './queries';

describe('the site’s texts, edited by admins and editors', () => {
  const test = setUpTestApp();
  let editor: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    [editor, admin] = await Promise.all([registerEditor(test.app, test.database), registerAdmin(test.app, test.database)]);
  });

  const call = (member: TestMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: member.cookie }, payload });
  const read = async (member: TestMember, id: string) => {
    const response = await call(member, 'GET', `/api/admin/texts/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TextDetail;
  };
  const edit = (published: TextVersion, changes: Partial<TextVersion> = {}) => ({
    title: published.title,
    description: published.description,
    applicable: published.applicable,
    body: published.body,
    baseVersion: published.version,
    ...changes,
  });

  it('starts with the repository’s texts, each as its version 1, and seeds nothing twice', async () => {
    const list = (await call(editor, 'GET', '/api/admin/texts')).json() as TextList;
    const defaults = defaultTexts();
    expect(list.texts.map((text) => text.id)).toEqual(defaults.map((text) => text.id));
    expect(list.texts.map((text) => text.id)).toEqual(
      expect.arrayContaining(['privacy-policy', 'founders-message', 'conditions-utilisation', 'politique-remboursement', 'frais-de-service', ...WIKI_ARTICLE_IDS.map((id) => `wiki-${id}`)]),
    );
    expect(list.texts.every((text) => text.version === 1 && text.publishedBy === '' && !text.hasDraft)).toBe(true);

    const privacy = await read(editor, 'privacy-policy');
    const source = defaults.find((text) => text.id === 'privacy-policy')!;
    expect(privacy).toMatchObject({ kind: 'privacy-policy', draft: null, published: { version: 1, title: 'Politique de confidentialité', applicable: source.applicable, body: source.body } });
    expect(privacy.published.body).toContain('## 1. Généralités');
    expect((await read(editor, 'wiki-home')).published.title).toBe('Bien démarrer avec {appName}');
    expect((await read(editor, 'founders-message')).published.body).toContain("Merci d'être là.");

    expect(await seedTexts(test.database.db, defaults)).toBe(0);
    expect((await call(editor, 'GET', '/api/admin/texts/absent')).statusCode).toBe(404);
  });

  it('keeps each editor’s draft, saved whole as they type, apart from the others’', async () => {
    const { published } = await read(editor, 'wiki-chats');
    const saved = await call(editor, 'PUT', '/api/admin/texts/wiki-chats/draft', edit(published, { body: `${published.body}\n\nUne ligne de plus.` }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as TextDraft).baseVersion).toBe(published.version);
    const again = await call(editor, 'PUT', '/api/admin/texts/wiki-chats/draft', edit(published, { title: 'Les discussions' }));
    expect(again.statusCode).toBe(200);

    const mine = await read(editor, 'wiki-chats');
    expect(mine.draft).toMatchObject({ title: 'Les discussions', body: published.body, baseVersion: 1 });
    expect(mine.published.version).toBe(1);
    expect((await read(admin, 'wiki-chats')).draft).toBeNull();
    const list = (await call(editor, 'GET', '/api/admin/texts')).json() as TextList;
    expect(list.texts.find((text) => text.id === 'wiki-chats')?.hasDraft).toBe(true);
    expect((await call(editor, 'PUT', '/api/admin/texts/absent/draft', edit(published))).statusCode).toBe(404);
  });

  it('publishes, journals and announces in one go; a publication over another’s gets 409 and that version', async () => {
    const heard: LiveNotice[] = [];
    const stop = test.app.liveHub.onNotice((notice) => heard.push(notice));
    try {
      const { published } = await read(editor, 'wiki-profile');
      await call(editor, 'PUT', '/api/admin/texts/wiki-profile/draft', edit(published, { body: 'brouillon' }));
      // The admin started from the same version as the editor and publishes first.
      const first = await call(admin, 'POST', '/api/admin/texts/wiki-profile/publish', edit(published, { body: 'Version de l’admin' }));
      expect(first.statusCode, first.body).toBe(200);
      expect((first.json() as TextDetail).published).toMatchObject({ version: 2, body: 'Version de l’admin', author: admin.username });

      const stale = await call(editor, 'POST', '/api/admin/texts/wiki-profile/publish', edit(published, { body: 'Version du rédacteur' }));
      expect(stale.statusCode).toBe(409);
      const conflict = stale.json() as TextConflict;
      expect(conflict.error).toEqual({ code: 'texts/conflict', message: textMessages.conflict });
      expect(conflict.current).toMatchObject({ version: 2, body: 'Version de l’admin', author: admin.username });
      // Nothing written over: the admin's text is online, the editor's draft is still theirs.
      expect((await read(editor, 'wiki-profile')).published.body).toBe('Version de l’admin');
      expect((await read(editor, 'wiki-profile')).draft?.body).toBe('brouillon');

      const rebased = await call(editor, 'POST', '/api/admin/texts/wiki-profile/publish', edit(conflict.current, { body: 'Version du rédacteur' }));
      expect(rebased.statusCode, rebased.body).toBe(200);
      expect(rebased.json()).toMatchObject({ published: { version: 3, author: editor.username }, draft: null });
      expect((await read(editor, 'wiki-profile')).draft).toBeNull();

      const journal = await test.database.db.selectFrom('journal').selectAll().where('target_id', '=', 'wiki-profile').orderBy('id').execute();
      expect(journal.map((row) => [row.kind, row.actor_id, row.target_type, row.details])).toEqual([
        ['texts/publish', admin.uuid, 'text', { version: 2, from: 1 }],
        ['texts/publish', editor.uuid, 'text', { version: 3, from: 2 }],
      ]);
      // The notices leave with the commit through the database: every instance hears them.
      await vi.waitFor(() => expect(heard.filter((notice) => notice.topic === 'texts' && notice.data).map((notice) => notice.data)).toEqual([
        { id: 'wiki-profile', version: 2 },
        { id: 'wiki-profile', version: 3 },
      ]));
    } finally {
      stop();
    }
  });

  raceTest('lets one of two publications sent at once from the same version through, and tells the other', async () => {
    await openConnections(test.database.db, 2);
    const { published } = await read(editor, 'wiki-search_trip');
    const answers = await Promise.all([
      call(editor, 'POST', '/api/admin/texts/wiki-search_trip/publish', edit(published, { body: 'Rédacteur' })),
      call(admin, 'POST', '/api/admin/texts/wiki-search_trip/publish', edit(published, { body: 'Admin' })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const online = (await read(editor, 'wiki-search_trip')).published;
    expect(online.version).toBe(2);
    expect((answers.find((answer) => answer.statusCode === 409)!.json() as TextConflict).current).toEqual(online);
  });

  it('keeps every version with its author and date, and restores an old one as a new version', async () => {
    const { published } = await read(editor, 'frais-de-service');
    expect((await call(editor, 'POST', '/api/admin/texts/frais-de-service/publish', edit(published, { body: 'Deuxième' }))).statusCode).toBe(200);
    const history = (await call(editor, 'GET', '/api/admin/texts/frais-de-service/versions')).json() as TextHistory;
    expect(history.versions.map((version) => [version.version, version.author, version.restoredFrom])).toEqual([
      [2, editor.username, null],
      [1, '', null],
    ]);
    expect(history.versions.every((version) => !Number.isNaN(Date.parse(version.publishedAt)))).toBe(true);
    const first = (await call(editor, 'GET', '/api/admin/texts/frais-de-service/versions/1')).json() as TextVersion;
    expect(first.body).toBe(published.body);

    const restored = await call(editor, 'POST', '/api/admin/texts/frais-de-service/versions/1/restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as TextDetail).published).toMatchObject({ version: 3, body: published.body, restoredFrom: 1, author: editor.username });
    const row = await test.database.db.selectFrom('journal').selectAll().where('target_id', '=', 'frais-de-service').where('kind', '=', 'texts/restore').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: editor.uuid, details: { version: 3, restored: 1, from: 2 } });

    expect((await call(editor, 'POST', '/api/admin/texts/frais-de-service/versions/9/restore')).statusCode).toBe(404);
    expect((await call(editor, 'GET', '/api/admin/texts/frais-de-service/versions/9')).statusCode).toBe(404);
    expect((await call(editor, 'GET', '/api/admin/texts/absent/versions')).statusCode).toBe(404);
  });

  it('brings a text nobody edited to the repository’s new version at start, and leaves an edited or restored one alone', async () => {
    // The repository's texts as a later release ships them: two corrected, one of them restored before by an editor.
    const corrected = defaultTexts().map((text) =>
      text.id === 'conditions-utilisation' || text.id === 'frais-de-service' ? { ...text, body: `${text.body}\n\nUne précision de la nouvelle version du site.` } : text,
    );
    const before = await read(editor, 'frais-de-service');
    expect(before.published).toMatchObject({ author: editor.username, restoredFrom: 1 });
    const heard: LiveNotice[] = [];
    const stop = test.app.liveHub.onNotice((notice) => heard.push(notice));
    try {
      expect(await seedTexts(test.database.db, corrected)).toBe(1);
      await vi.waitFor(() => expect(heard).toContainEqual({ topic: 'texts', data: { id: 'conditions-utilisation', version: 2 } }));
    } finally {
      stop();
    }
    const updated = await read(editor, 'conditions-utilisation');
    expect(updated.published).toMatchObject({ version: 2, author: '', restoredFrom: null });
    expect(updated.published.body).toMatch(/Une précision de la nouvelle version du site\.$/);
    expect((await read(editor, 'frais-de-service')).published).toEqual(before.published);
    expect(heard.filter((notice) => notice.topic === 'texts')).toHaveLength(1);
    expect(await seedTexts(test.database.db, corrected)).toBe(0);
  });

  it('refuses a text too long, or without a title, in French, and writes nothing', async () => {
    const { published } = await read(editor, 'wiki-notifications');
    const long = 'é'.repeat(TEXT_BODY_MAX_LENGTH + 1);
    for (const method of ['PUT', 'POST'] as const) {
      const url = method === 'PUT' ? '/api/admin/texts/wiki-notifications/draft' : '/api/admin/texts/wiki-notifications/publish';
      const tooLong = await call(editor, method, url, edit(published, { body: long }));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe(textMessages.bodyTooLong(TEXT_BODY_MAX_LENGTH + 1));
      expect(tooLong.json().error.message).toMatch(/^Le texte est trop long : 200\u202f001 caractères pour 200\u202f000 au plus/);
      const untitled = await call(editor, method, url, edit(published, { title: '  ' }));
      expect([untitled.statusCode, untitled.json().error.message]).toEqual([400, textMessages.titleMissing]);
    }
    // The longest allowed text passes.
    expect((await call(editor, 'PUT', '/api/admin/texts/wiki-notifications/draft', edit(published, { body: 'é'.repeat(TEXT_BODY_MAX_LENGTH) }))).statusCode).toBe(200);
    expect((await read(editor, 'wiki-notifications')).published.version).toBe(1);
  });

  it('is the admins’ and editors’ alone; an editor is refused member data, moderation, newsletter and the journal', async () => {
    const [member, moderator] = await Promise.all([registerMember(test.app), registerModerator(test.app, test.database)]);
    const { published } = await read(editor, 'founders-message');
    for (const someone of [member, moderator]) {
      expect((await call(someone, 'GET', '/api/admin/texts')).statusCode).toBe(403);
      expect((await call(someone, 'GET', '/api/admin/texts/founders-message')).statusCode).toBe(403);
      expect((await call(someone, 'POST', '/api/admin/texts/founders-message/publish', edit(published, { body: 'piraté' }))).statusCode).toBe(403);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/texts' })).statusCode).toBe(401);
    expect((await read(editor, 'founders-message')).published.version).toBe(1);

    for (const url of ['/api/admin/members', `/api/admin/members/${member.uuid}`, '/api/admin/moderation', '/api/admin/summary', '/api/admin/newsletters', '/api/admin/journal', '/api/admin/settings']) {
      expect((await call(editor, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(editor, 'POST', `/api/admin/members/${member.uuid}/roles`, { role: 'editor', granted: true })).statusCode).toBe(403);
    expect((await call(editor, 'GET', '/api/live?topics=moderation')).statusCode).toBe(403);
  });

  it('drops a member’s drafts with their account and keeps their name on what they published', async () => {
    const leaving = await registerEditor(test.app, test.database);
    const { published } = await read(leaving, 'wiki-submit_trip');
    expect((await call(leaving, 'POST', '/api/admin/texts/wiki-submit_trip/publish', edit(published, { body: 'Avant départ' }))).statusCode).toBe(200);
    expect((await call(leaving, 'PUT', '/api/admin/texts/wiki-home/draft', edit((await read(leaving, 'wiki-home')).published, { body: 'brouillon' }))).statusCode).toBe(200);
    await test.database.db.deleteFrom('users').where('id', '=', leaving.uuid).execute();
    expect(await test.database.db.selectFrom('text_drafts').select('text_id').where('author_id', '=', leaving.uuid).execute()).toEqual([]);
    expect((await read(editor, 'wiki-submit_trip')).published).toMatchObject({ body: 'Avant départ', author: leaving.username });
  });

  it('is given and taken on /admin/members like the other roles', async () => {
    const member = await registerMember(test.app);
    expect((await call(member, 'GET', '/api/admin/texts')).statusCode).toBe(403);
    const granted = await call(admin, 'POST', `/api/admin/members/${member.uuid}/roles`, { role: 'editor', granted: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().roles).toEqual(['editor']);
    expect((await call(member, 'GET', '/api/admin/texts')).statusCode).toBe(200);
    const journal = await test.database.db.selectFrom('journal').select(['kind', 'summary']).where('target_id', '=', member.uuid).execute();
    expect(journal).toEqual([{ kind: 'roles/grant', summary: `Rédacteur : ${member.username} (${member.email})` }]);
    expect((await call(admin, 'POST', `/api/admin/members/${member.uuid}/roles`, { role: 'editor', granted: false })).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/admin/texts')).statusCode).toBe(403);
  });
});
