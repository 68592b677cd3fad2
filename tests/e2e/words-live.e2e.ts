import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage } from './support/browser';
import { apiSession } from './support/lived-in';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`waiting list ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('shows a new word on an already open home page only once the admin approves it', async () => {
    const visitor = await openPage(suite.browser, suite.site.url, 'mobile');
    await visitor.page.goto('/');
    await expect(visitor.page.getByText('Les mots de soutien arrivent…').isVisible()).resolves.toBe(true);

    const member = await createMember(suite.site, { firstname: 'Inès', lastname: 'Moreau' });
    const author = await openPage(suite.browser, suite.site.url);
    await signIn(author.page, member.email, member.password, '/leave-a-print');
    const textarea = author.page.getByLabel('Ton message');
    await textarea.fill('Allez');
    const publish = author.page.getByRole('button', { name: 'Publier' });
    await expect(publish.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(author.page.getByText('5/150').isVisible()).resolves.toBe(true);
    await textarea.fill('Vivement le premier covoit’ pour le semi de Lyon ! <b>gras</b>');
    await publish.click();
    await author.page.getByText('Merci pour ton soutien !').waitFor();

    // Still pending: the open home page shows nothing new. Another member's word, approved
    // after it, is the marker: once the open page shows that one, it has had every notice and
    // wall sent since the pending word was written.
    const marker = await createMember(suite.site, { firstname: 'Marc', lastname: 'Leroy' });
    const markerCookie = await apiSession(suite.site, marker.email, marker.password);
    const markerWord = await apiJson<{ id: string }>(suite.site, '/api/words', { method: 'POST', body: { content: 'Un mot témoin, approuvé après le mot en attente.' }, cookie: markerCookie });
    expect(markerWord.status).toBe(201);
    const approved = await apiJson(suite.site, `/api/admin/words/${markerWord.body.id}/approve`, { method: 'POST', body: {}, cookie: await adminCookie(suite.site) });
    expect(approved.status).toBeLessThan(300);
    await visitor.page.getByText('Un mot témoin, approuvé après le mot en attente.').first().waitFor({ timeout: 15_000 });
    await expect(visitor.page.getByText('Vivement le premier').count()).resolves.toBe(0);

    const admin = await openPage(suite.browser, suite.site.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/moderation');
    const item = admin.page.locator('li', { hasText: 'Vivement le premier' });
    await item.getByRole('button', { name: 'Approuver' }).click();

    // Live: no reload on the visitor's side; the text is shown as text, not markup.
    await visitor.page.getByText('Vivement le premier covoit’ pour le semi de Lyon ! <b>gras</b>').first().waitFor({ timeout: 15_000 });
    await expect(visitor.page.getByText('Inès Moreau').first().isVisible()).resolves.toBe(true);
    await expect(visitor.page.locator('.word-card b').count()).resolves.toBe(0);

    // VIP reaches the wall live too.
    await admin.page.locator('li', { hasText: 'Vivement le premier' }).getByRole('button', { name: 'VIP' }).click();
    await visitor.page.locator('.word-card--vip').first().waitFor({ timeout: 15_000 });
    await shoot(visitor.page, 'home-wall-mobile');

    // A second attempt by the same member gives the spec's message.
    await author.page.goto('/leave-a-print');
    await author.page.getByText('Hmm, on dirait que tu as déjà laissé une marque... 🤔').waitFor();

    for (const { context } of [visitor, author, admin]) await context.close();
  });

  it("says on a phone that a message is too short only once left, what holds 'Publier' back when tapped empty, speaks its counter near the limit only, then takes the focus to the thanks", async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, member.email, member.password, '/leave-a-print');
    const message = page.getByLabel('Ton message');
    await message.waitFor();
    // A message being written is not yet too short: said once the field is left.
    await message.fill('Al');
    await expect(message.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.getByText('Encore quelques caractères : 7 au minimum.').count()).resolves.toBe(0);
    await message.blur();
    await page.getByText('Encore quelques caractères : 7 au minimum.').waitFor();
    await expect(message.getAttribute('aria-invalid')).resolves.toBe('true');
    await message.fill('');
    await page.getByRole('button', { name: 'Publier' }).tap({ force: true });
    await page.getByRole('tooltip').waitFor();
    await page.getByText('Écris ton message : 7 caractères au minimum.').waitFor();
    await page.getByText('À compléter : Ton message').waitFor();
    await expect(message.getAttribute('aria-invalid')).resolves.toBe('true');

    // The counter is not read at every key: a polite line speaks at 80 % of the limit and at it.
    const limitLine = page.locator('.field__hint [aria-live="polite"]');
    await message.fill('Hâte de covoiturer !');
    await page.getByText('20/150').waitFor();
    await expect(limitLine.textContent()).resolves.toBe('');
    await expect(page.locator('[aria-live]', { hasText: '/150' }).count()).resolves.toBe(0);
    await message.fill('a'.repeat(120));
    await expect.poll(() => limitLine.textContent()).toBe('Tu approches de la limite de 150 caractères.');
    await message.fill('a'.repeat(150));
    await expect.poll(() => limitLine.textContent()).toBe('Limite atteinte : 150 caractères au maximum.');

    // Sent: the button is gone, and the focus is on the thanks rather than the page's body.
    await message.fill('Hâte de covoiturer jusqu’au stade !');
    await page.getByRole('button', { name: 'Publier' }).tap();
    const thanks = page.getByRole('heading', { name: 'Merci pour ton soutien !' });
    await expect.poll(() => thanks.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await context.close();
  });

  it('counts the members on /join from 0 up to the number of person accounts', async () => {
    const count = (await (await fetch(`${suite.site.url}/api/counter`)).json()).users as number;
    expect(count).toBeGreaterThan(0);
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/join');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Rejoins la waiting list, Rejoins le projet Unissons');
    const value = page.locator('.join-counter__value');
    await value.scrollIntoViewIfNeeded();
    await page.waitForFunction((expected) => document.querySelector('.join-counter__value')?.textContent === String(expected), count, { timeout: 10_000 });
    await expect(page.locator('.join-counter').textContent()).resolves.toContain('personnes font déjà partie du projet et ont créé leur compte');
    // In the hero and under the counter, both opening the registration side of the switch.
    const joinLinks = page.getByRole('link', { name: 'Rejoindre', exact: true });
    await expect(joinLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).resolves.toEqual([
      '/account?auth=register',
      '/account?auth=register',
    ]);
    await context.close();
  });

  it('has every element of the home page, and takes screenshots of home and join', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Déjà membre ?' }).getAttribute('href')).resolves.toBe('/account');
      await expect(page.locator('main a.btn[href="/join"]').count()).resolves.toBe(2);
      await expect(page.getByRole('heading', { name: "Découvrez l'univers Unissons" }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'En savoir plus' }).getAttribute('href')).resolves.toBe('/calshare');
      await expect(page.getByRole('heading', { name: 'Le mot des fondateurs' }).isVisible()).resolves.toBe(true);
      await page.locator('.word-card').first().waitFor();
      await shoot(page, `home-${viewport}`);
      const count = (await (await fetch(`${suite.site.url}/api/counter`)).json()).users as number;
      await page.goto('/join');
      await page.locator('.join-counter').scrollIntoViewIfNeeded();
      // The screenshot shows the counter at its end, not half-way up.
      await page.waitForFunction((expected) => document.querySelector('.join-counter__value')?.textContent === String(expected), count, { timeout: 10_000 });
      await shoot(page, `join-${viewport}`);
      await context.close();
    }
  });
});
