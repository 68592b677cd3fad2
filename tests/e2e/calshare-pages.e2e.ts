import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { LEGAL_DOCUMENTS, legalDocumentPath } from '../../src/shared/legal';
import { PUBLIC_PATHS } from '../../src/shared/routes';
import { WIKI_ARTICLE_IDS } from '../../src/shared/wiki';
import { verificationLinkPath } from './accounts-support';
import { adminCookie, apiJson, CALSHARE_PAGES, shootWholePage } from './calshare-support';
import { browserAvailable, openPage } from './support/browser';
import { siteAndBrowser } from './support/suite';
import { proofOfWork } from './support/proof-of-work';

describe.skipIf(!browserAvailable())(`app pages: landing, organisations, privacy, documents, visuals, SEO ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('prerenders each page with its text, a unique title and description, a canonical URL and an Open Graph image', async () => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of PUBLIC_PATHS) {
      const html = await (await fetch(`${suite.site.url}${path}`)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(seen.titles.has(title!), `${path}: title "${title}" used twice`).toBe(false);
      expect(seen.descriptions.has(description!), `${path}: description used twice`).toBe(false);
      seen.titles.add(title!);
      seen.descriptions.add(description!);
      expect(html, path).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
      expect(html, path).toContain('<meta property="og:image" content="http://localhost:3000/visuals/og-1200x630.png"/>');
    }
    for (const { path, text } of CALSHARE_PAGES) {
      const html = await (await fetch(`${suite.site.url}${path}`)).text();
      expect(html.replace(/&#x27;|&#39;/g, "'").replace(/\u00a0/g, ' '), path).toContain(text);
    }
    for (const id of WIKI_ARTICLE_IDS) {
      const html = await (await fetch(`${suite.site.url}/calshare/wiki/${id}`)).text();
      expect(html, id).toContain('class="prose wiki-article__body"');
      expect(html, id).toContain('Cet article t&#x27;a-t-il aidé ?');
    }
  });

  it('serves the sitemap of every public page and robots.txt pointing to it', async () => {
    const sitemap = await fetch(`${suite.site.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PATHS.map((path) => `http://localhost:3000${path}`));
    const robots = await (await fetch(`${suite.site.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots).toContain('Disallow: /admin');
  });

  it('shows the app landing: four illustrated features, supporters, a button to leave a print, both stores, the wiki', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/calshare');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('CalShare, le covoiturage vers tes événements sportifs');
      const features = page.locator('.feature-list img');
      expect(await features.count()).toBe(4);
      for (const image of await features.all()) {
        await image.scrollIntoViewIfNeeded();
        expect((await image.getAttribute('alt'))?.length).toBeGreaterThan(20);
        await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      }
      const supporters = page.getByRole('region', { name: 'Ils soutiennent le projet' });
      await expect(supporters.isVisible()).resolves.toBe(true);
      // The supporters' wall: its loading image while no word is public yet on this new suite.site.
      await supporters.getByRole('status').getByText('Les mots de soutien arrivent').waitFor();
      await expect(page.getByRole('link', { name: 'Laisser une marque' }).getAttribute('href')).resolves.toBe('/leave-a-print');
      expect(await page.getByRole('link', { name: "Télécharger dans l'App Store" }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Disponible sur Google Play' }).count()).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: "Consulte l'aide de CalShare" }).getAttribute('href')).resolves.toBe('/calshare/wiki');
      await shootWholePage(page, `calshare-${viewport}`);
      await context.close();
    }
  });

  it('scrolls the registered organisations at 4 s each with their whole names, still when motion is reduced, with the three steps', async () => {
    const cookie = await adminCookie(suite.site);
    const organisations = ['Club de Rugby de Pau', 'Les Foulées Nantaises', 'AS Volley Lyon'];
    for (const [index, username] of organisations.entries()) {
      const email = `orga${index}.${Date.now()}@exemple.fr`;
      expect((await apiJson(suite.site, '/api/admin/organisations/allowlist', { method: 'POST', body: { email }, cookie })).status).toBe(204);
      const created = await apiJson(suite.site, '/api/fn/users-registerOrganisation', { method: 'POST', body: { email, username, pwd: 'Organisation-2025!', ...(await proofOfWork(suite.site.url)) } });
      expect(created.status).toBe(200);
      // Listed once its address is proven (decision 0026).
      const token = (await verificationLinkPath(suite.site, email)).split('/').pop();
      expect((await apiJson(suite.site, '/api/auth/verify-email', { method: 'POST', body: { token } })).status).toBe(200);
    }

    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/calshare/organisations');
      const region = page.getByRole('group', { name: 'Organisations inscrites' });
      await region.waitFor();
      for (const name of organisations) await region.getByText(name).first().waitFor();
      await expect(region.locator('.marquee__track').evaluate((track: HTMLElement) => track.style.animationDuration)).resolves.toBe(`${organisations.length * 4}s`);
      await expect(region.locator('[aria-hidden="true"] li').count()).resolves.toBe(organisations.length);
      await region.getByText('CR').first().waitFor();
      // Every name whole, wrapped over lines rather than cut, on a phone too.
      const cut = await region
        .locator('.org-marquee__name')
        .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight).map((name) => name.textContent));
      expect(cut).toEqual([]);

      const steps = page.locator('ol.steps > li');
      expect(await steps.count()).toBe(3);
      await expect(steps.nth(0).getByRole('link', { name: 'contact@example.org' }).getAttribute('href')).resolves.toMatch(/^mailto:contact@example\.org/);
      await expect(steps.nth(0).getByRole('link', { name: 'Créer mon compte organisation' }).getAttribute('href')).resolves.toBe('/join_as_organisation');
      const second = (await steps.nth(1).textContent()) ?? '';
      for (const text of ["centre d'événements", '+', '« Déclarer comme mon événement »', 'statistiques', 'Suggérer un événement', 'vérification', 'Ajouter un événement', 'publié directement']) {
        expect(second.replace(/\u00a0/g, ' ')).toContain(text);
      }
      expect(await steps.nth(2).getByRole('link').count()).toBeGreaterThanOrEqual(5);
      await shootWholePage(page, `calshare-organisations-${viewport}`);
      await context.close();
    }

    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { context: { reducedMotion: 'reduce' } });
    await page.goto('/calshare/organisations');
    const region = page.getByRole('group', { name: 'Organisations inscrites' });
    await region.waitFor();
    await expect(region.locator('li').count()).resolves.toBe(organisations.length);
    await expect(region.locator('.marquee__track').evaluate((track) => getComputedStyle(track).animationName)).resolves.toBe('none');
    await context.close();
  });

  it('shows the whole privacy policy with a working table of contents', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/calshare/privacy_policy');
      await expect(page.getByText('Applicable à compter du 1er novembre 2023').isVisible()).resolves.toBe(true);
      const toc = page.getByRole('navigation', { name: 'Sommaire' });
      for (const section of ['1. Généralités', '3. Durées de conservation', '7.3 Droit à l', '7.5 Droit à la limitation', '7.9 Directives après ton décès', '11. Contact']) {
        expect(await toc.getByRole('link', { name: section }).count(), section).toBe(1);
      }
      expect(await toc.getByRole('link', { name: /^7\.4/ }).count()).toBe(0);
      await toc.getByRole('link', { name: '7.8 Droit d’introduire une réclamation' }).or(toc.getByRole('link', { name: "7.8 Droit d'introduire une réclamation" })).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#s-7-8-droit-d-introduire-une-reclamation');
      // The section scrolls (smoothly) up under the sticky header.
      await expect
        .poll(() => page.locator('[id="s-7-8-droit-d-introduire-une-reclamation"]').evaluate((heading) => heading.getBoundingClientRect().top), { timeout: 5000 })
        .toBeLessThan(200);
      // Section 11's contact: the legal notice's e-mail, CONTACT_EMAIL until an admin gives another.
      await expect(page.locator('[id="s-11-contact"] ~ p a[href="/mentions-legales"]').count()).resolves.toBe(1);
      await expect(page.locator('.legal-page__contact a[href="mailto:contact@example.org"]').count()).resolves.toBe(1);
      await shootWholePage(page, `calshare-privacy_policy-${viewport}`);
      await context.close();
    }
  });

  it('serves the footer documents as PDF files', async () => {
    for (const { slug } of LEGAL_DOCUMENTS) {
      const response = await fetch(`${suite.site.url}${legalDocumentPath(slug)}`);
      expect(response.status, slug).toBe(200);
      expect(response.headers.get('content-type'), slug).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString(), slug).toBe('%PDF-');
    }
  });

  it('offers the two visuals as PNG downloads of the right sizes', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/calshare/visuals');
      const links = page.getByRole('link', { name: /^Télécharger/ });
      expect(await links.count()).toBe(2);
      const sizes: [number, number][] = [];
      for (const link of await links.all()) {
        const href = (await link.getAttribute('href'))!;
        expect(await link.getAttribute('download')).toBeTruthy();
        const response = await fetch(`${suite.site.url}${href}`);
        expect(response.headers.get('content-type')).toBe('image/png');
        const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        sizes.push([metadata.width!, metadata.height!]);
      }
      expect(sizes).toEqual([
        [1080, 1080],
        [1080, 1920],
      ]);
      await shootWholePage(page, `calshare-visuals-${viewport}`);
      await context.close();
    }
    const og = await sharp(Buffer.from(await (await fetch(`${suite.site.url}/visuals/og-1200x630.png`)).arrayBuffer())).metadata();
    expect([og.width, og.height]).toEqual([1200, 630]);
  });
});
