import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { WikiFeedbackCounts } from '../../src/shared/wiki';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { axeViolations } from './support/axe';
import { browserAvailable, openPage, screenshot, settle } from './support/browser';
import { siteAndBrowser } from './support/suite';

/** A screenshot as a phone makes one: a tall PNG with a bar and a button drawn on it. */
async function phoneScreenshot(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1170" height="2532"><rect width="1170" height="2532" fill="#f4f6fb"/><rect width="1170" height="220" fill="#0b3d91"/><rect x="160" y="2200" width="850" height="160" rx="80" fill="#ff7a00"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe.skipIf(!browserAvailable())(`wiki articles created by an editor ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let editor: Member;
  let cookie: string;
  let image: Buffer;

  beforeAll(async () => {
    // A new member, made 'Rédacteur' by an admin through the members' API.
    editor = await createMember(suite.site, { firstname: 'Wendy' });
    cookie = await adminCookie(suite.site);
    const found = await apiJson<{ members: { uuid: string; email: string }[] }>(suite.site, `/api/admin/members?q=${encodeURIComponent(editor.email)}`, { cookie });
    const uuid = found.body.members.find((member) => member.email === editor.email)!.uuid;
    expect((await apiJson(suite.site, `/api/admin/members/${uuid}/roles`, { method: 'POST', body: { role: 'editor', granted: true }, cookie })).status).toBe(200);
    image = await phoneScreenshot();
  });

  async function createPublishShow(page: Page, size: 'mobile' | 'desktop') {
    const id = `sans-reseau-${size}`;
    const title = `Sans réseau (${size === 'mobile' ? 'téléphone' : 'ordinateur'})`;
    await signIn(page, editor.email, editor.password, '/admin/textes');
    const section = page.getByRole('region', { name: 'Articles du wiki' });
    await section.getByRole('heading', { name: 'Nouvel article' }).waitFor();

    // A wrong address is said before anything is sent.
    const address = section.getByLabel("Adresse de l'article");
    await address.fill('Sans Réseau!');
    await section.getByRole('button', { name: "Créer l'article" }).click();
    await section.getByText("L'adresse de l'article n'est pas valide").waitFor();
    await address.fill(id);
    await section.getByLabel('Titre', { exact: true }).fill(title);
    await section.getByLabel('Place dans le menu').selectOption({ label: 'Après « Rechercher et réserver un trajet »' });
    await shoot(page, `wiki-new-article-${size}`);
    await section.getByRole('button', { name: "Créer l'article" }).click();
    await page.waitForURL(`**/admin/textes/wiki-${id}`);
    await page.getByRole('heading', { level: 1, name: `Modifier « ${title} »` }).waitFor();

    // Written, with a screenshot put where the cursor is.
    const body = page.getByLabel('Texte', { exact: true });
    await body.fill('## Avant de partir\n\nOuvre ton trajet une fois avec du réseau : il reste lisible hors connexion.\n\n');
    const box = page.getByRole('group', { name: "Ajouter une capture d'écran" });
    await box.getByRole('button', { name: "Insérer l'image" }).click();
    await box.getByText("Cette image n'est pas valide").waitFor();
    await box.getByLabel(/^Image/).setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: image });
    await box.getByRole('button', { name: "Insérer l'image" }).click();
    await box.getByText(/Décris l'image en quelques mots/).waitFor();
    await box.getByLabel("Description de l'image").fill('Le trajet ouvert, le bouton orange en bas de l’écran');
    await box.getByRole('button', { name: "Insérer l'image" }).click();
    await box.getByText('Image insérée dans le texte (1170 × 2532 pixels).').waitFor();
    expect(await body.inputValue()).toMatch(/!\[Le trajet ouvert, le bouton orange en bas de l’écran\]\(\/api\/wiki\/images\/[0-9a-f]{64}-1170x2532\.webp\)/);
    const preview = page.getByRole('region', { name: 'Aperçu', exact: true });
    const shown = preview.getByRole('img', { name: 'Le trajet ouvert, le bouton orange en bas de l’écran' });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1170);
    await shoot(page, `wiki-article-editor-${size}`);
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByText('Version 2 publiée : elle est en ligne.').waitFor();

    // Hidden until shown: its address still leads to the wiki's home.
    await page.goto('/admin/textes');
    const show = page.getByRole('button', { name: `Afficher « ${title} »` });
    await show.click();
    await page.getByText(`« ${title} » est en ligne dans le wiki.`).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Masquer');
    await shoot(page, `wiki-articles-admin-${size}`);
    expect(await axeViolations(page, '/admin/textes')).toEqual([]);

    // Visitors read it, in the menu after the article it was placed after.
    await page.goto(`/calshare/wiki/${id}`);
    await settle(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toBe(`${title} · Aide CalShare · Unissons`);
    const article = page.getByRole('img', { name: 'Le trajet ouvert, le bouton orange en bas de l’écran' });
    await article.scrollIntoViewIfNeeded();
    await expect.poll(() => article.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1170);
    const box2 = await article.boundingBox();
    expect(box2!.width).toBeLessThanOrEqual(size === 'mobile' ? 390 : 1280);
    if (size === 'mobile') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const menu = page.getByRole('navigation', { name: "Articles de l'aide" });
    // Folded on a phone: read from the list itself.
    const titles = await menu.locator('a').allTextContents();
    expect(titles.indexOf(title)).toBe(titles.indexOf('Rechercher et réserver un trajet') + 1);
    await screenshot(page, `wiki-new-article-page-${size}`);
    expect(await axeViolations(page, `/calshare/wiki/${id}`)).toEqual([]);

    // Its feedback counts for the admin.
    await page.getByRole('button', { name: 'Oui' }).click();
    await page.getByText('Merci pour ton retour !').waitFor();
    const counts = await apiJson<WikiFeedbackCounts>(suite.site, '/api/admin/wiki-feedback', { cookie });
    expect(counts.body.articles.find((row) => row.articleId === id)).toMatchObject({ title, helpful: 1 });
    return { id, title };
  }

  it('an editor creates an article with a screenshot on a phone, publishes and shows it; a visitor without JavaScript reads it', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    const { id, title } = await createPublishShow(page, 'mobile');
    await context.close();

    const visitor = await openPage(suite.browser, suite.site.url, 'mobile', { context: { javaScriptEnabled: false } });
    await visitor.page.goto(`/calshare/wiki/${id}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.page.getByRole('heading', { level: 2, name: 'Avant de partir' }).waitFor();
    const src = await visitor.page.getByRole('img', { name: 'Le trajet ouvert, le bouton orange en bas de l’écran' }).getAttribute('src');
    const served = await visitor.page.request.get(src!);
    expect([served.status(), served.headers()['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(await visitor.page.getByRole('navigation', { name: "Articles de l'aide" }).getByRole('link', { name: title }).getAttribute('aria-current')).toBe('page');
    await screenshot(visitor.page, `wiki-new-article-no-script-mobile`);
    await visitor.context.close();
    // Two pages scanned by axe and an image decoded on a machine shared with other runs.
  }, 180_000);

  it('the same on a desktop; hidden again, its address leads to the wiki’s home, replacing it in the history', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop');
    const { id, title } = await createPublishShow(page, 'desktop');
    // Reached by navigations inside the site, from a page sent without the wiki: loaded, titled, illustrated.
    await page.goto('/calshare');
    // Clicked once the page runs: before, the browser would load the wiki whole, as without JavaScript.
    await settle(page);
    await page.getByRole('link', { name: "Toute l'aide est ici" }).click();
    await page.getByRole('navigation', { name: "Articles de l'aide" }).getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${title} · Aide CalShare · Unissons`);
    await page.getByRole('img', { name: 'Le trajet ouvert, le bouton orange en bas de l’écran' }).waitFor();
    const next = page.getByRole('link', { name: /Article suivant/ });
    const nextPath = await next.getAttribute('href');
    await next.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(nextPath);
    await expect.poll(() => page.title()).not.toContain(title);
    await page.goto('/admin/textes');
    await page.getByRole('button', { name: `Masquer « ${title} »` }).click();
    await page.getByText(`« ${title} » est masqué : les visiteurs ne le voient plus.`).waitFor();
    await page.goto('/calshare');
    await page.goto(`/calshare/wiki/${id}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki');
    expect(await page.getByRole('navigation', { name: "Articles de l'aide" }).getByRole('link', { name: title }).count()).toBe(0);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare');
    await context.close();
  }, 180_000);
});
