import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { todayIso } from '../../src/shared/event-reports';
import { PASSWORD, signIn, SITE_ENV, verificationLinkPath } from './accounts-support';
import { browserAvailable, openPage, settle } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';
import { proofOfWork } from './support/proof-of-work';

const PAYLOAD = '<img src=x onerror=window.__xss=1>';

/** The payload (or the part of it a field holds) is on the page as text, and no element came out of it. */
async function expectInert(page: Page, path: string, text = PAYLOAD) {
  await page.goto(path);
  await settle(page);
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
  expect(await page.locator('img[src="x"]').count(), path).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss), path).toBeUndefined();
}

describe.skipIf(!browserAvailable())(`user text is always rendered as text ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('in names, bio, words and sport names, on every page that shows them', async () => {
    const member = await openPage(suite.browser, suite.site.url);
    const api = member.context.request;
    const email = 'xss@exemple.fr';
    const registered = await api.post('/api/fn/users-registerUser', {
      data: { email, username: PAYLOAD.slice(0, 30), firstname: PAYLOAD, lastname: PAYLOAD, pwd: PASSWORD, ...(await proofOfWork(suite.site.url)) },
    });
    expect(registered.status()).toBe(200);
    expect((await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    expect((await api.patch('/api/account/profile', { data: { bio: PAYLOAD } })).status()).toBe(200);
    const word = await api.post('/api/words', { data: { content: `${PAYLOAD} bravo` } });
    expect(word.status()).toBe(201);
    expect((await api.post('/api/sports', { data: { name: PAYLOAD, emoji: '' } })).status()).toBe(201);

    const admin = await openPage(suite.browser, suite.site.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/moderation');
    await expectInert(admin.page, '/admin/moderation');
    const adminApi = admin.context.request;
    const { id } = await word.json();
    expect((await adminApi.post(`/api/admin/words/${id}/approve`, { data: {} })).status()).toBe(204);
    const sportId = encodeURIComponent(PAYLOAD.toLowerCase());
    expect((await adminApi.post(`/api/admin/sports/${sportId}/approve`, { data: {} })).status()).toBe(204);

    await expectInert(member.page, '/');
    await expectInert(member.page, '/vote');
    await expectInert(member.page, '/account');
    await member.context.close();
    await admin.context.close();
  });

  it('in event reports, survey answers and organisation names, on the pages that show them', async () => {
    const visitor = await openPage(suite.browser, suite.site.url);
    const api = visitor.context.request;
    const report = await api.post('/api/event-reports', {
      data: { eventName: PAYLOAD, sport: PAYLOAD, date: todayIso(), place: PAYLOAD, link: 'https://club.exemple.fr', email: '', ...(await proofOfWork(suite.site.url)) },
    });
    expect(report.status(), await report.text()).toBe(201);

    const email = 'xss.sondage@exemple.fr';
    expect((await api.post('/api/fn/users-registerUser', { data: { email, username: 'xsssondage', firstname: 'Sam', lastname: 'Test', pwd: PASSWORD, ...(await proofOfWork(suite.site.url)) } })).status()).toBe(200);
    expect((await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    const { uuid } = await (await api.get('/api/auth/me')).json();
    const answered = await api.post('/api/fn/users-submitSurvey', {
      data: {
        surveyId: 'pre-use',
        userId: uuid,
        responses: { heard: ['Instagram'], reasons: { value: ['Autre'], subValue: PAYLOAD }, 'wont-use': { value: ['Le prix du trajet'] }, expectations: PAYLOAD },
      },
    });
    expect(answered.status(), await answered.text()).toBe(200);

    const admin = await openPage(suite.browser, suite.site.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin');
    const organisationEmail = 'xss.club@exemple.fr';
    expect((await admin.context.request.post('/api/admin/organisations/allowlist', { data: { email: organisationEmail } })).status()).toBe(204);
    // Names hold 30 characters, and the first test's member has the payload's first 30.
    const organisationName = '<img src=x onerror=__xss=1>';
    const organisation = await fetch(`${suite.site.url}/api/fn/users-registerOrganisation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: organisationEmail, username: organisationName, pwd: PASSWORD, ...(await proofOfWork(suite.site.url)) }),
    });
    expect(organisation.status, await organisation.text()).toBe(200);
    // The guide lists an organisation once its address is proven (decision 0026).
    const token = (await verificationLinkPath(suite.site, organisationEmail)).split('/').pop();
    const verified = await fetch(`${suite.site.url}/api/auth/verify-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(verified.status, await verified.text()).toBe(200);

    await expectInert(admin.page, '/admin');
    await expectInert(admin.page, '/admin/surveys');
    await expectInert(admin.page, '/admin/organisations', organisationName);
    await expectInert(visitor.page, '/calshare/organisations', organisationName);
    await visitor.context.close();
    await admin.context.close();
  });

  it('in a wiki article an editor writes: the editor’s preview and the wiki’s pages keep Markdown’s HTML only', async () => {
    const admin = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [400] });
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/textes');
    const api = admin.context.request;
    // A malicious address is refused; a malicious title is kept as text.
    const refused = await api.post('/api/admin/wiki/articles', { data: { id: '<script>', title: 'x', position: 0 } });
    expect([refused.status(), (await refused.json()).error.message]).toEqual([400, expect.stringContaining("L'adresse de l'article n'est pas valide")]);
    expect((await api.post('/api/admin/wiki/articles', { data: { id: 'piege', title: PAYLOAD, position: 0 } })).status()).toBe(200);
    const body = [
      '<script>window.__xss=1</script>',
      PAYLOAD,
      '<a href="javascript:window.__xss=1">un lien</a> et [un autre](javascript:window.__xss=1)',
      '![x" onerror="window.__xss=1](/api/wiki/images/0.webp "t\\" onload=\\"window.__xss=1")',
      '![capture](https://tracker.exemple.fr/p.png) <iframe src="javascript:window.__xss=1"></iframe>',
      '<svg onload=window.__xss=1>',
    ].join('\n\n');
    const { published } = await (await api.get('/api/admin/texts/wiki-piege')).json();
    const publish = await api.post('/api/admin/texts/wiki-piege/publish', { data: { title: PAYLOAD, description: PAYLOAD, applicable: '', body, baseVersion: published.version } });
    expect(publish.status(), await publish.text()).toBe(200);
    expect((await api.put('/api/admin/wiki/articles/piege/visibility', { data: { hidden: false } })).status()).toBe(200);

    // The editor's preview and list, then the article, its menu and the wiki's home, with and without scripts.
    await expectInert(admin.page, '/admin/textes/wiki-piege');
    expect(await admin.page.locator('.text-preview a[href^="javascript:"], .text-preview iframe, .text-preview svg, .text-preview script').count()).toBe(0);
    await expectInert(admin.page, '/admin/textes');
    await expectInert(admin.page, '/calshare/wiki/piege');
    const article = admin.page.locator('.wiki-article__body');
    expect(await article.locator('a[href^="javascript:"], iframe, svg, script, img[onerror], img[src*="tracker"]').count()).toBe(0);
    expect(await admin.page.title()).toContain(PAYLOAD);
    await expectInert(admin.page, '/calshare/wiki');

    const noScript = await openPage(suite.browser, suite.site.url, 'desktop', { context: { javaScriptEnabled: false } });
    await noScript.page.goto('/calshare/wiki/piege');
    await noScript.page.getByText(PAYLOAD).first().waitFor();
    const html = await (await noScript.page.request.get('/calshare/wiki/piege')).text();
    const served = html.slice(html.indexOf('data-server-part="wiki-article"'), html.indexOf('data-server-part="wiki-data"'));
    // Written out as text, never as an element or an attribute.
    expect(served).not.toMatch(/<(script|iframe|svg)\b|<a [^>]*href="javascript:|<[a-z][^>]*\son\w+=|<img src="x"/i);
    expect(served).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    await noScript.context.close();

    // A text too long gets the editor's French message.
    const tooLong = await api.post('/api/admin/texts/wiki-piege/publish', { data: { title: 'Long', description: '', applicable: '', body: 'a'.repeat(200_001), baseVersion: published.version + 1 } });
    expect([tooLong.status(), (await tooLong.json()).error.message]).toEqual([400, expect.stringMatching(/^Le texte est trop long : 200\u202f001 caractères/)]);
    expect((await api.put('/api/admin/wiki/articles/piege/visibility', { data: { hidden: true } })).status()).toBe(200);
    await admin.context.close();
  });

  it('in the privacy policy, the founders’ message and the legal notice’s text an editor publishes: the pages keep Markdown’s HTML only', async () => {
    const admin = await openPage(suite.browser, suite.site.url, 'desktop');
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/textes');
    const api = admin.context.request;
    const attack = ['<script>window.__xss=1</script>', PAYLOAD, '[un lien](javascript:window.__xss=1)', '<svg onload=window.__xss=1>'].join('\n\n');
    const originals: { id: string; version: number }[] = [];
    for (const id of ['privacy-policy', 'founders-message', 'legal-notice']) {
      const { published } = await (await api.get(`/api/admin/texts/${id}`)).json();
      originals.push({ id, version: published.version });
      // The titles the pages show too: the policy's heading and the founders' section's.
      const data = { title: id === 'legal-notice' ? published.title : PAYLOAD, description: PAYLOAD, applicable: published.applicable, body: `${attack}\n\n${published.body}`, baseVersion: published.version };
      const publish = await api.post(`/api/admin/texts/${id}/publish`, { data });
      expect(publish.status(), await publish.text()).toBe(200);
    }
    for (const path of ['/calshare/privacy_policy', '/', '/mentions-legales']) {
      await expectInert(admin.page, path);
      expect(await admin.page.locator('[data-server-part] :is(script, svg, iframe, a[href^="javascript:"])').count(), path).toBe(0);
      // As the server sends it: text, never an element or an attribute.
      const html = await (await api.get(path)).text();
      expect(html, path).not.toMatch(/<svg[^>]*onload|<script>window\.__xss|<a [^>]*href="javascript:|<img src="?x"?[ >]/i);
      expect(html, path).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    }
    await admin.page.goto('/calshare/privacy_policy');
    expect(await admin.page.title()).toContain(PAYLOAD);
    for (const { id, version } of originals) expect((await api.post(`/api/admin/texts/${id}/versions/${version}/restore`)).status()).toBe(200);
    await admin.context.close();
  });

  it('sends the security headers on pages, assets and API answers', async () => {
    const home = await (await fetch(suite.site.url)).text();
    const script = home.match(/\/assets\/[\w.-]+\.js/)![0];
    for (const path of ['/', '/join', '/api/health', '/api/words', script]) {
      const response = await fetch(`${suite.site.url}${path}`);
      const csp = response.headers.get('content-security-policy');
      if (path.startsWith('/api/')) {
        expect(csp, path).toBe("default-src 'none'; frame-ancestors 'none'");
      } else if (path === script) {
        // A policy applies to documents only; the build's scripts need none.
        expect(csp, path).toBeNull();
      } else {
        expect(csp, path).toContain("default-src 'self'");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toMatch(/script-src 'self' 'sha256-/);
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      }
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('server'), path).toBeNull();
      expect(response.headers.get('x-powered-by'), path).toBeNull();
      // http://127.0.0.1 here: HSTS only when PUBLIC_URL is https (tested in the API suite).
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    const login = await fetch(`${suite.site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const cookies = login.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('unissons_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
  });
});
