import { describe, expect, inject, it } from 'vitest';
import type { WikiFeedbackCounts } from '../../src/shared/wiki';
import { adminCookie, apiJson, shootWholePage } from './calshare-support';
import { browserAvailable, openPage, settle } from './support/browser';
import { siteAndBrowser } from './support/suite';

const ARTICLE_TITLES = [
  'Bien démarrer avec CalShare',
  'Rechercher et réserver un trajet',
  'Créer ton compte et te connecter',
  'Publier un trajet',
  'Les notifications',
  'Ton profil',
  'Les discussions',
];

describe.skipIf(!browserAvailable())(`help wiki ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('lists the seven articles in a side menu that marks the current one and folds on a phone', async () => {
    const desktop = await openPage(suite.browser, suite.site.url, 'desktop');
    await desktop.page.goto('/calshare/wiki/notifications');
    const menu = desktop.page.getByRole('navigation', { name: "Articles de l'aide" });
    for (const title of ARTICLE_TITLES) await expect(menu.getByRole('link', { name: title }).isVisible()).resolves.toBe(true);
    await expect(menu.locator('[aria-current="page"]').textContent()).resolves.toBe('Les notifications');
    await expect(menu.getByRole('button', { name: 'Tous les articles' }).isVisible()).resolves.toBe(false);
    await shootWholePage(desktop.page, 'calshare-wiki-notifications-desktop');
    await desktop.context.close();

    const mobile = await openPage(suite.browser, suite.site.url, 'mobile');
    await mobile.page.goto('/calshare/wiki/notifications');
    const toggle = mobile.page.getByRole('button', { name: 'Tous les articles' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(mobile.page.getByRole('link', { name: 'Ton profil', exact: true }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await mobile.page.getByRole('navigation', { name: "Articles de l'aide" }).getByRole('link', { name: 'Ton profil' }).click();
    await expect.poll(() => new URL(mobile.page.url()).pathname).toBe('/calshare/wiki/profile');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await shootWholePage(mobile.page, 'calshare-wiki-profile-mobile');
    await mobile.context.close();
  });

  it('sends an unknown article to the wiki home, replacing it in the history', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/calshare');
    await page.goto('/calshare/wiki/nexiste_pas');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Aide CalShare');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare');

    // The same inside the app, without a page load.
    await page.goto('/calshare/wiki/home');
    // The router reads the address when it hydrates: one changed before would be hydrated over
    // the home article's HTML, which no visitor's click can do.
    await settle(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/calshare/wiki/inconnu');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki/home');
    await context.close();
  });

  it('gives headings their own address, and leads to the previous and next articles without reloading', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/calshare/wiki/search_trip');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const heading = page.getByRole('heading', { level: 2, name: 'Comprendre le prix' });
    await heading.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#s-comprendre-le-prix');
    await expect(page.getByRole('link', { name: /Article précédent/ }).getAttribute('href')).resolves.toBe('/calshare/wiki/home');
    await page.getByRole('link', { name: /Article suivant/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki/create_account');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Créer ton compte et te connecter');
    // A link written in the article's Markdown also navigates inside the app.
    await page.locator('.wiki-article__body a[href="/calshare/organisations"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/organisations');
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('same page');
    await context.close();
  });

  it('searches every article, ignoring accents, case and word forms, opens the section found, and leads on when nothing is', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/calshare/wiki');
      const search = page.getByLabel("Rechercher dans l'aide");
      await search.fill('VEHICULE utilitaire');
      await page.locator('.wiki-search__hit', { hasText: 'Publier un trajet' }).first().waitFor();
      await page.locator('.wiki-search__hit', { hasText: 'Rechercher et réserver un trajet' }).first().waitFor();
      await expect(page.locator('.wiki-search__hit mark').first().textContent()).resolves.toMatch(/véhicule/i);
      await search.fill('mot de passe oublie');
      await expect.poll(() => page.locator('.wiki-search__hit').first().getAttribute('href')).toBe('/calshare/wiki/create_account#s-mot-de-passe-oublie');
      await shootWholePage(page, `calshare-wiki-search-${viewport}`);
      await page.locator('.wiki-search__hit').first().click();
      await expect.poll(() => page.url()).toMatch(/\/calshare\/wiki\/create_account#s-mot-de-passe-oublie$/);
      // Another form of the word: 'rembourser' finds the passengers 'remboursés'.
      await search.fill('rembourser');
      await page.locator('.wiki-search__hit mark', { hasText: /^remboursés$/ }).first().waitFor();
      await search.fill('zzzqqq');
      await page.getByText('Aucun résultat pour « zzzqqq ».').waitFor();
      await expect(page.locator('.wiki-search__elsewhere').getByRole('link', { name: 'contact@example.org' }).getAttribute('href')).resolves.toBe('mailto:contact@example.org');
      if (viewport === 'mobile') await shootWholePage(page, 'calshare-wiki-search-nothing-mobile');
      await page.getByRole('link', { name: 'la liste des articles' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/calshare/wiki');
      await expect(search.inputValue()).resolves.toBe('');
      await page.getByRole('heading', { level: 1, name: /^Aide / }).waitFor();
      await context.close();
    }
  });

  it('asks whether an article helped, once per visitor, and counts the answers for the admin', async () => {
    const first = await openPage(suite.browser, suite.site.url);
    // A slow phone, tapping as soon as the page is there: the tap must not be lost to the
    // hydration still under way (a concurrent one broke on it and drew the page anew).
    const cdp = await first.context.newCDPSession(first.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await first.page.goto('/calshare/wiki/chats');
    await first.page.getByRole('button', { name: 'Oui' }).click();
    await first.page.getByText('Merci pour ton retour').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await first.page.reload();
    await first.page.getByText('Merci pour ton retour').waitFor();
    await expect(first.page.getByRole('button', { name: 'Oui' }).count()).resolves.toBe(0);
    // The same visitor answering again through the API is not counted twice.
    const visitorId = await first.page.evaluate(() => localStorage.getItem('unissons.visitor-id'));
    const again = await apiJson<{ recorded: boolean }>(suite.site, '/api/wiki/chats/feedback', { method: 'POST', body: { visitorId, helpful: false } });
    expect(again.body).toEqual({ recorded: false });
    await first.context.close();

    const second = await openPage(suite.browser, suite.site.url, 'mobile');
    await second.page.goto('/calshare/wiki/chats');
    await second.page.getByRole('button', { name: 'Non' }).click();
    await second.page.getByText('Merci pour ton retour').waitFor();
    await second.context.close();

    const counts = await apiJson<WikiFeedbackCounts>(suite.site, '/api/admin/wiki-feedback', { cookie: await adminCookie(suite.site) });
    expect(counts.body.articles.find((row) => row.articleId === 'chats')).toEqual({ articleId: 'chats', title: 'Les discussions', hidden: false, helpful: 1, notHelpful: 1 });
  });
});
