import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV, uniqueEmail } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { apiSession } from './support/lived-in';
import { browserAvailable, openPage, screenshot, VIEWPORTS } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`members admin, roles and journal ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('finds a member whatever the accents, makes them moderator, suspends them (their open page is signed out), and journals it', async () => {
    const member = await createMember(suite.site, { email: uniqueEmail('eloise.muller'), firstname: 'Éloïse', lastname: 'Müller', newsletter: true });
    // Their word, published: the suspension takes it off the wall.
    const cookie = await apiSession(suite.site, member.email, member.password);
    expect((await apiJson(suite.site, '/api/words', { method: 'POST', body: { content: 'Hâte de partager la route avec vous !' }, cookie })).status).toBe(201);
    const admin = await adminCookie(suite.site);
    const queue = await apiJson<{ pendingWords: { items: { id: string; content: string }[] } }>(suite.site, '/api/admin/moderation', { cookie: admin });
    const word = queue.body.pendingWords.items.find((item) => item.content.startsWith('Hâte de partager'))!;
    expect((await apiJson(suite.site, `/api/admin/words/${word.id}/approve`, { method: 'POST', body: {}, cookie: admin })).status).toBe(204);

    // The member, signed in in their own browser.
    const their = await openPage(suite.browser, suite.site.url);
    await signIn(their.page, member.email, member.password, '/account');
    await their.page.getByRole('button', { name: 'Se déconnecter' }).waitFor();

    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, ADMIN.email, ADMIN.password, '/admin');
    await page.getByRole('link', { name: 'Membres' }).click();
    await page.getByRole('heading', { level: 1, name: 'Membres' }).waitFor();
    await page.getByLabel('Rechercher un membre').fill('ELOISE muller');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('1 membre affiché').waitFor();
    await page.getByRole('link', { name: 'Éloïse Müller' }).click();
    await page.getByRole('heading', { level: 1, name: 'Éloïse Müller' }).waitFor();

    // Keyboard only: the dialog opens on 'Annuler', Tab reaches the confirmation.
    await page.getByRole('button', { name: 'Nommer modérateur' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nommer Éloïse Müller modérateur ?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Annuler');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Éloïse Müller a maintenant le rôle modérateur.').waitFor();

    // A moderator's /admin shows the moderation queue alone.
    await their.page.goto('/admin');
    await their.page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await their.page.getByRole('link', { name: 'Modération' }).waitFor();
    expect(await their.page.locator('a[href="/admin/members"], a[href="/admin/journal"], a[href="/admin/settings"]').count()).toBe(0);
    await their.page.goto('/admin/members');
    await their.page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'Suspendre le compte' }).click();
    await page.getByRole('dialog', { name: 'Suspendre le compte de Éloïse Müller ?' }).waitFor();
    await shoot(page, 'admin-member-confirm-desktop');
    await page.getByRole('button', { name: 'Oui, suspendre' }).click();
    await page.getByText('Le compte de Éloïse Müller est suspendu.').waitFor();
    await page.getByText(/Suspendu depuis le/).waitFor();

    // Their open page: the next request is refused, the gate asks to sign in, and signing in says why not.
    their.allow(401, 403);
    await their.page.goto('/account');
    await their.page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await their.page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await their.page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await their.page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await their.page.getByRole('alert').getByText("Ce compte a été suspendu par l'équipe de l'association", { exact: false }).waitFor();
    const wall = (await (await fetch(`${suite.site.url}/api/words`)).json()) as { words: { content: string }[] };
    expect(wall.words.map((item) => item.content)).not.toContain('Hâte de partager la route avec vous !');
    await their.context.close();

    await page.goto('/admin/journal');
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Compte suspendu' }).first().waitFor();
    await page.getByLabel('Action', { exact: true }).selectOption('roles/grant');
    await page.getByRole('link', { name: /Modérateur : .*eloise\.muller/ }).waitFor();
    await context.close();
  });

  it('on a phone, shows the results before the filters folded behind “Filtres”, and “← Membres” brings the search back', async () => {
    const lastname = `Quintal${Date.now().toString(36)}`;
    await createMember(suite.site, { firstname: 'Abonnée', lastname, newsletter: true });
    await createMember(suite.site, { firstname: 'Silencieux', lastname, newsletter: false });
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/members');
    await page.getByText(/membres? affichés?/).waitFor();
    const filters = page.getByRole('button', { name: /^Filtres/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Newsletter').isVisible()).toBe(false);
    // The first result is on the first screen, under the search.
    const first = await page.locator('.members-list__item').first().boundingBox();
    expect(first!.y).toBeLessThan(844);

    await page.getByLabel('Rechercher un membre').fill(lastname);
    await page.getByRole('button', { name: 'Rechercher' }).tap();
    await page.getByText('2 membres affichés').waitFor();
    await filters.tap();
    await page.getByLabel('Newsletter').selectOption('yes');
    await page.getByText('1 membre affiché').waitFor();
    await page.getByRole('button', { name: 'Filtres (1)' }).waitFor();
    await screenshot(page, 'admin-members-filters-mobile', { fullPage: false });
    const listUrl = page.url();
    expect(new URL(listUrl).searchParams.get('subscribed')).toBe('yes');

    await page.getByRole('link', { name: `Abonnée ${lastname}` }).tap();
    await page.getByRole('heading', { level: 1, name: `Abonnée ${lastname}` }).waitFor();
    await page.getByRole('link', { name: '← Membres' }).tap();
    await page.getByText('1 membre affiché').waitFor();
    expect(page.url()).toBe(listUrl);
    expect(await page.getByLabel('Rechercher un membre').inputValue()).toBe(lastname);
    await page.getByRole('link', { name: `Abonnée ${lastname}` }).waitFor();
    await page.setViewportSize({ width: 320, height: 700 });
    await screenshot(page, 'admin-members-back-320', { fullPage: false });
    await context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/members');
      await page.getByText(/membres? affichés?/).waitFor();
      await shoot(page, `admin-members-${viewport}`);
      await page.getByLabel('Rechercher un membre').fill('muller');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await page.getByRole('link', { name: 'Éloïse Müller' }).first().click();
      await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
      await shoot(page, `admin-member-${viewport}`);
      await page.goto('/admin/journal');
      await page.getByRole('listitem').filter({ hasText: 'Compte suspendu' }).first().waitFor();
      await shoot(page, `admin-journal-${viewport}`);
      await context.close();
    }
  });
});
