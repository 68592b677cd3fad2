import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TextDetail } from '../../../shared/texts';
import { WIKI_ARTICLE_IDS, WIKI_IMAGE_MAX_BYTES, wikiMessages, type WikiAdminArticles, type WikiImage, type WikiMenu } from '../../../shared/wiki';
import { WIKI_ARTICLE_PART, WIKI_DATA_PART, WIKI_INDEX_PART, WIKI_MENU_PART, WIKI_PAGER_PART } from '../../../shared/wiki-pages';
import { setUpBuiltClient, type BuiltPage } from '../../platform/testing/built-client';
import { registerAdmin, registerEditor, registerMember, type TestMember } from '../../platform/testing/members';
import { describeOnPostgresql } from '../../platform/testing/postgresql-only';
import { setUpInstances } from '../../testing/instances';
import { setUpTestApp } from '../../testing/test-app';
import { applyRetention } from '../../platform/jobs/retention';
import { wikiCapability } from './index';

const HEAD =
  '<title>Aide CalShare · Unissons</title><meta name="description" content="Le wiki d&#x27;aide"/><link rel="canonical" href="http://localhost:3000/calshare/wiki"/>' +
  '<meta property="og:title" content="Aide CalShare · Unissons"/><meta property="og:description" content="Le wiki"/><meta property="og:url" content="http://localhost:3000/calshare/wiki"/>';
// The wiki's home and the article page that is every article's shell.
const PAGES: Record<string, BuiltPage> = {
  '/calshare/wiki': { head: HEAD, places: [WIKI_MENU_PART, WIKI_INDEX_PART, WIKI_DATA_PART] },
  '/calshare/wiki/home': { head: HEAD, places: [WIKI_MENU_PART, WIKI_ARTICLE_PART, WIKI_PAGER_PART, WIKI_DATA_PART] },
};

const screenshot = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })[format]().toBuffer();

describe('the wiki’s articles, from the published texts', () => {
  const test = setUpTestApp({ CLIENT_DIR: setUpBuiltClient(PAGES) });
  let editor: TestMember;
  let admin: TestMember;
  beforeAll(async () => {
    [editor, admin] = await Promise.all([registerEditor(test.app, test.database), registerAdmin(test.app, test.database)]);
  });

  const call = (member: TestMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: member.cookie }, payload });
  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const menu = async () => ((await get('/api/wiki')).json() as WikiMenu).articles.map((article) => article.id);
  const create = (id: string, title: string, position = 99) => call(editor, 'POST', '/api/admin/wiki/articles', { id, title, position });
  const publish = async (id: string, changes: { body: string; description?: string; title?: string }) => {
    const { published } = (await call(editor, 'GET', `/api/admin/texts/wiki-${id}`)).json() as TextDetail;
    const response = await call(editor, 'POST', `/api/admin/texts/wiki-${id}/publish`, {
      title: changes.title ?? published.title,
      description: changes.description ?? published.description,
      applicable: '',
      body: changes.body,
      baseVersion: published.version,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const show = (id: string, hidden = false) => call(editor, 'PUT', `/api/admin/wiki/articles/${id}/visibility`, { hidden });
  const upload = (body: Buffer, alt: string, type = 'image/png') =>
    test.app.inject({ method: 'POST', url: `/api/admin/wiki/images?alt=${encodeURIComponent(alt)}`, headers: { cookie: editor.cookie, 'content-type': type }, payload: body });

  it('serves the seven articles a fresh site starts with, in the HTML the server sends', async () => {
    expect(await menu()).toEqual([...WIKI_ARTICLE_IDS]);
    const page = await get('/calshare/wiki/submit_trip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<title>Publier un trajet · Aide CalShare · Unissons</title>');
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/calshare/wiki/submit_trip"/>');
    expect(page.body).toContain('<h1 id="wiki-article-title">Publier un trajet</h1>');
    expect(page.body).toMatch(/<a href="\/calshare\/wiki\/submit_trip" aria-current="page">Publier un trajet<\/a>/);
    // The placeholders are filled as the build filled them.
    expect(page.body).not.toContain('{appName}');
    const index = await get('/calshare/wiki');
    expect(index.body).toContain('class="wiki-card__link" href="/calshare/wiki/chats"');
    expect(index.body).toContain('<script type="application/json" id="wiki-menu-data">');
  });

  it('creates an article with a checked, unique address, hidden until shown, and journals it', async () => {
    const created = await create('mode-hors-ligne', 'Sans réseau', 2);
    expect(created.statusCode, created.body).toBe(200);
    const articles = (created.json() as WikiAdminArticles).articles;
    expect(articles.map((article) => article.id).slice(0, 4)).toEqual(['home', 'search_trip', 'mode-hors-ligne', 'create_account']);
    expect(articles.find((article) => article.id === 'mode-hors-ligne')).toEqual({ id: 'mode-hors-ligne', title: 'Sans réseau', description: '', hidden: true });

    const again = await create('mode-hors-ligne', 'Autre');
    expect([again.statusCode, again.json().error.message]).toEqual([409, wikiMessages.idTaken]);
    for (const id of ['Mode', 'é', 'a', '../x', 'a b', '<img>']) {
      const refused = await create(id, 'Titre');
      expect([refused.statusCode, refused.json().error.message], id).toEqual([400, wikiMessages.idInvalid]);
    }
    const untitled = await create('sans-titre', '   ');
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toBe('Le titre est vide : donne un titre au texte.');

    const journal = await test.database.db.selectFrom('journal').select(['kind', 'actor_id', 'summary']).where('target_id', '=', 'wiki-mode-hors-ligne').execute();
    expect(journal).toEqual([{ kind: 'wiki/create', actor_id: editor.uuid, summary: 'Sans réseau (/calshare/wiki/mode-hors-ligne)' }]);
  });

  it('sends a hidden or unknown article’s address to the wiki’s home, and hides it from the menu, the search, the sitemap and the answers', async () => {
    for (const url of ['/calshare/wiki/mode-hors-ligne', '/calshare/wiki/inconnu', '/calshare/wiki/Home', '/calshare/wiki/%3Cscript%3E']) {
      const response = await get(url);
      expect([response.statusCode, response.headers.location], url).toEqual([302, '/calshare/wiki']);
    }
    expect(await menu()).not.toContain('mode-hors-ligne');
    expect((await get('/api/wiki/articles/mode-hors-ligne')).statusCode).toBe(404);
    const answer = await test.app.inject({ method: 'POST', url: '/api/wiki/mode-hors-ligne/feedback', payload: { visitorId: randomUUID(), helpful: true } });
    expect(answer.statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain('mode-hors-ligne');
  });

  it('publishes and shows a new article: its page, the menu, the index, the search, the sitemap and the answers have it', async () => {
    await publish('mode-hors-ligne', { description: 'Utiliser {appName} sans connexion.', body: '## Avant de partir\n\nTélécharge ton trajet : la carte reste lisible hors connexion.\n\n## Sur place\n\nLes messages partent au retour du réseau.' });
    expect((await show('mode-hors-ligne')).statusCode).toBe(200);

    expect(await menu()).toEqual(['home', 'search_trip', 'mode-hors-ligne', 'create_account', 'submit_trip', 'notifications', 'profile', 'chats']);
    const page = await get('/calshare/wiki/mode-hors-ligne');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sans réseau · Aide CalShare · Unissons</title>');
    expect(page.body).toContain('<meta name="description" content="Utiliser CalShare sans connexion."/>');
    expect(page.body).toContain('<h2 id="s-avant-de-partir">');
    expect(page.body).toContain('rel="prev"><span class="wiki-pager__label">Article précédent</span><span class="wiki-pager__title">Rechercher et réserver un trajet');

    const search = (await get('/api/wiki/search-index')).json().sections as { articleId: string; anchor: string; text: string }[];
    expect(search).toContainEqual(expect.objectContaining({ articleId: 'mode-hors-ligne', anchor: 's-sur-place' }));
    expect((await get('/sitemap.xml')).body).toContain('<loc>http://localhost:3000/calshare/wiki/mode-hors-ligne</loc>');

    const visitorId = randomUUID();
    const answer = await test.app.inject({ method: 'POST', url: '/api/wiki/mode-hors-ligne/feedback', payload: { visitorId, helpful: true } });
    expect(answer.json()).toEqual({ recorded: true });
    const counts = (await call(admin, 'GET', '/api/admin/wiki-feedback')).json().articles as { articleId: string; title: string; helpful: number }[];
    expect(counts.find((row) => row.articleId === 'mode-hors-ligne')).toMatchObject({ title: 'Sans réseau', helpful: 1, notHelpful: 0, hidden: false });

    // Hidden again: gone from everything a visitor sees, its answers kept for the admin.
    expect((await show('mode-hors-ligne', true)).statusCode).toBe(200);
    expect((await get('/calshare/wiki/mode-hors-ligne')).statusCode).toBe(302);
    expect((await get('/api/wiki/search-index')).json().sections.some((section: { articleId: string }) => section.articleId === 'mode-hors-ligne')).toBe(false);
    const kept = (await call(admin, 'GET', '/api/admin/wiki-feedback')).json().articles as { articleId: string; hidden: boolean }[];
    expect(kept.find((row) => row.articleId === 'mode-hors-ligne')).toMatchObject({ hidden: true, helpful: 1 });
    const journal = await test.database.db.selectFrom('journal').select('kind').where('target_id', '=', 'wiki-mode-hors-ligne').orderBy('id').execute();
    expect(journal.map((row) => row.kind)).toEqual(['wiki/create', 'texts/publish', 'wiki/show', 'wiki/hide']);
  });

  it('reorders the menu, every article named once, and refuses a list that is not the wiki’s', async () => {
    const all = ((await call(editor, 'GET', '/api/admin/wiki/articles')).json() as WikiAdminArticles).articles.map((article) => article.id);
    const reversed = [...all].reverse();
    const response = await call(editor, 'PUT', '/api/admin/wiki/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(((response.json() as WikiAdminArticles).articles).map((article) => article.id)).toEqual(reversed);
    expect(await menu()).toEqual(reversed.filter((id) => id !== 'mode-hors-ligne'));
    expect((await get('/calshare/wiki')).body.indexOf('/calshare/wiki/chats')).toBeLessThan((await get('/calshare/wiki')).body.indexOf('/calshare/wiki/home'));

    for (const ids of [reversed.slice(1), [...reversed, 'inconnu'], [...reversed.slice(1), reversed[1]]]) {
      const refused = await call(editor, 'PUT', '/api/admin/wiki/order', { ids });
      expect([refused.statusCode, refused.json().error.message]).toEqual([409, wikiMessages.orderChanged]);
    }
    const row = await test.database.db.selectFrom('journal').select(['kind', 'details']).where('kind', '=', 'wiki/reorder').executeTakeFirstOrThrow();
    expect(row.details).toEqual({ ids: reversed });
    expect((await call(editor, 'PUT', '/api/admin/wiki/order', { ids: all })).statusCode).toBe(200);
  });

  it('updates every page within the notice of a publication', async () => {
    await publish('chats', { title: 'Discuter avec son équipage', body: 'Un seul paragraphe.' });
    await vi.waitFor(async () => expect((await get('/calshare/wiki/chats')).body).toContain('<h1 id="wiki-article-title">Discuter avec son équipage</h1>'));
    expect((await get('/calshare/wiki')).body).toContain('Discuter avec son équipage</a>');
  });

  it('takes a screenshot with its alternative text, re-encoded, at an address named by its content, kept for good', async () => {
    const sent = await upload(await screenshot(2400, 1200), 'Le bouton « Publier » en bas de l’écran');
    expect(sent.statusCode, sent.body).toBe(200);
    const image = sent.json() as WikiImage;
    expect(image.url).toMatch(/^\/api\/wiki\/images\/[0-9a-f]{64}-1600x800\.webp$/);
    expect([image.width, image.height]).toEqual([1600, 800]);
    expect(image.markdown).toBe(`![Le bouton « Publier » en bas de l’écran](${image.url})`);
    const served = await get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // The same image again is the same address.
    expect(((await upload(await screenshot(2400, 1200), 'Encore')).json() as WikiImage).url).toBe(image.url);
    expect((await get(`/api/wiki/images/${'0'.repeat(64)}-10x10.webp`)).statusCode).toBe(404);

    // Put into an article, it shows; an image from anywhere else does not.
    await publish('profile', { body: `Voici l’écran :\n\n${image.markdown}\n\n![pisteur](https://tracker.example/p.png)` });
    const page = (await get('/api/wiki/articles/profile')).json().html as string;
    expect(page).toContain(`<img src="${image.url}" alt="Le bouton «\u00a0Publier\u00a0» en bas de l’écran" width="1600" height="800" loading="lazy" />`);
    expect(page).not.toContain('tracker.example');
  });

  it('removes a day after its upload a screenshot no text holds, and keeps those of any version or draft', async () => {
    const uploaded = async (width: number) => ((await upload(await screenshot(width, 300), `Capture ${width}`)).json() as WikiImage).markdown;
    const [inOldVersion, inDraft, neverUsed, justUploaded] = [await uploaded(401), await uploaded(402), await uploaded(403), await uploaded(404)];
    await publish('notifications', { body: `Avant :\n\n${inOldVersion}` });
    await publish('notifications', { body: 'Après, sans image.' });
    const { published } = (await call(editor, 'GET', '/api/admin/texts/wiki-chats')).json() as TextDetail;
    const draft = await call(editor, 'PUT', '/api/admin/texts/wiki-chats/draft', { title: published.title, description: published.description, applicable: '', body: `${published.body}\n\n${inDraft}`, baseVersion: published.version });
    expect(draft.statusCode, draft.body).toBe(200);
    const urlOf = (markdown: string) => /\((\/api\/wiki\/images\/[^)]+)\)/.exec(markdown)![1];
    const idOf = (markdown: string) => /([0-9a-f]{64})-/.exec(markdown)![1];
    await test.database.db
      .updateTable('wiki_images')
      .set({ created_at: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where('id', 'in', [inOldVersion, inDraft, neverUsed].map(idOf))
      .execute();

    const counts = await applyRetention(test.database.db, [wikiCapability]);
    expect(counts.unusedWikiScreenshots).toBe(1);
    const statuses = await Promise.all([inOldVersion, inDraft, neverUsed, justUploaded].map(async (markdown) => (await get(urlOf(markdown))).statusCode));
    expect(statuses).toEqual([200, 200, 404, 200]);
    // Uploaded again, it is dated anew and has its day again.
    await uploaded(403);
    expect((await applyRetention(test.database.db, [wikiCapability])).unusedWikiScreenshots).toBe(0);
    expect((await get(urlOf(neverUsed))).statusCode).toBe(200);
  });

  it('refuses an image without alternative text, too heavy, too large, or of another kind, in French', async () => {
    const png = await screenshot(40, 40);
    expect((await upload(png, '  ')).json().error.message).toBe(wikiMessages.altMissing);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(gif, 'Un GIF', 'image/png')).json().error.message).toBe(wikiMessages.imageInvalid);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'Un SVG', 'image/svg+xml');
    expect([svg.statusCode, svg.json().error.message]).toEqual([415, wikiMessages.imageInvalid]);
    const heavy = await upload(Buffer.concat([png, Buffer.alloc(WIKI_IMAGE_MAX_BYTES)]), 'Trop lourde');
    expect([heavy.statusCode, heavy.json().error.message]).toEqual([413, wikiMessages.imageTooHeavy]);
    const huge = await upload(await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(), 'Trop grande');
    expect([huge.statusCode, huge.json().error.message]).toEqual([400, wikiMessages.imageTooLarge]);
  });

  it('is the editors’ and admins’ alone', async () => {
    const member = await registerMember(test.app);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/wiki/articles', undefined],
      ['POST', '/api/admin/wiki/articles', { id: 'pirate', title: 'Pirate', position: 0 }],
      ['PUT', '/api/admin/wiki/order', { ids: ['home'] }],
      ['PUT', '/api/admin/wiki/articles/home/visibility', { hidden: true }],
    ] as const) {
      expect((await call(member, method, url, payload)).statusCode, url).toBe(403);
      expect((await test.app.inject({ method, url, payload })).statusCode, url).toBe(401);
    }
    expect((await call(admin, 'GET', '/api/admin/wiki/articles')).statusCode).toBe(200);
    expect(await menu()).toContain('home');
  });
});

// Only PostgreSQL can have a second instance: an article shown on one is served by the other within the notice.
describeOnPostgresql('the wiki on two instances sharing one PostgreSQL', () => {
  const site = setUpInstances({ count: 2, env: { CLIENT_DIR: setUpBuiltClient(PAGES), AUTH_RATE_LIMIT_PER_MINUTE: '10000', ANTI_BOT_DIFFICULTY: '10' } });

  it('serves the other instance’s new article', async () => {
    const { database } = site;
    const [one, two] = site.apps;
    const editor = await registerEditor(one, database);
    // The second instance has its wiki cached already.
    expect((await two.inject({ method: 'GET', url: '/calshare/wiki/ailleurs' })).statusCode).toBe(302);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) => one.inject({ method, url, headers: { cookie: editor.cookie }, payload });
    expect((await call('POST', '/api/admin/wiki/articles', { id: 'ailleurs', title: 'Écrit ailleurs', position: 0 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/wiki/articles/ailleurs/visibility', { hidden: false })).statusCode).toBe(200);
    // That it arrives, with room for a loaded machine. No benchmark times an article's way to the other instance; bench/texts.mjs times a text's, by the same notice.
    await vi.waitFor(async () => expect((await two.inject({ method: 'GET', url: '/calshare/wiki/ailleurs' })).statusCode).toBe(200), { timeout: 15_000, interval: 50 });
    expect((await two.inject({ method: 'GET', url: '/calshare/wiki' })).body).toContain('Écrit ailleurs');
  });
});
