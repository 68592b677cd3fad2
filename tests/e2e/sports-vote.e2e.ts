import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const reaction = (page: Page, sport: string, name: string) =>
  page.locator('li', { hasText: sport }).getByRole('button', { name, exact: true });

describe.skipIf(!browserAvailable())(`sport voting ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it("says on a phone what holds 'Ajouter' back when it is tapped with no name", async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, member.email, member.password);
    await page.goto('/vote');
    await page.getByRole('tab', { name: 'Ajouter un sport' }).click();
    const name = page.getByLabel('Nom du sport');
    await expect.poll(() => name.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).tap({ force: true });
    await page.getByRole('tooltip').waitFor();
    await page.getByText('Indique le nom du sport à ajouter').waitFor();
    await page.getByText('À compléter : Nom du sport').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await context.close();
  });

  it('suggests a sport, has it approved, and shows one member’s reaction live in another browser', async () => {
    const [first, second] = await Promise.all([createMember(suite.site, { firstname: 'Hugo' }), createMember(suite.site, { firstname: 'Sarah' })]);
    const one = await openPage(suite.browser, suite.site.url);
    await signIn(one.page, first.email, first.password);
    await one.page.goto('/vote');
    await one.page.getByRole('tab', { name: 'Ajouter un sport' }).click();
    await one.page.getByLabel('Nom du sport').fill('Ultimate');
    const emoji = one.page.getByLabel('Emoji');
    await emoji.fill('🥏🥏');
    await expect(emoji.inputValue()).resolves.toBe('');
    await emoji.fill('🥏');
    await expect(emoji.inputValue()).resolves.toBe('🥏');
    const add = one.page.getByRole('button', { name: 'Ajouter' });
    // The duplicate check runs after a one-second pause: the button waits for it.
    await one.page.waitForFunction(() => document.querySelector('button[type="submit"]')?.getAttribute('aria-disabled') !== 'true', null, { timeout: 15_000 });
    await add.click();
    await one.page.getByText('Merci pour ta suggestion !').waitFor();

    const admin = await openPage(suite.browser, suite.site.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/moderation');
    await admin.page.locator('li', { hasText: 'Ultimate' }).getByRole('button', { name: 'Approuver' }).click();
    await admin.page.getByText('Aucun sport en attente.').waitFor();

    const two = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(two.page, second.email, second.password);
    await two.page.goto('/vote');
    await reaction(two.page, 'Ultimate', "J'adore").waitFor();

    await one.page.getByRole('tab', { name: 'Voter' }).click();
    const love = reaction(one.page, 'Ultimate', "J'adore");
    // Until the page knows the member is signed in the buttons say they are unavailable
    // (aria-disabled), and a click only says why.
    await expect.poll(() => love.getAttribute('aria-disabled')).toBeNull();
    await love.click();
    await expect(love.getAttribute('aria-pressed')).resolves.toBe('true');
    await one.page.waitForFunction(() => document.querySelector('[id^="count-ultimate-love"]')?.textContent === '1');

    // Live in the other suite.browser, without reload.
    await two.page.waitForFunction(() => document.querySelector('[id^="count-ultimate-love"]')?.textContent === '1', null, { timeout: 15_000 });
    await expect(reaction(two.page, 'Ultimate', "J'adore").getAttribute('aria-pressed')).resolves.toBe('false');

    // Moving to another reaction, then clicking it again removes it.
    await reaction(one.page, 'Ultimate', 'Waouh').click();
    await two.page.waitForFunction(
      () => document.querySelector('[id^="count-ultimate-love"]')?.textContent === '0' && document.querySelector('[id^="count-ultimate-wow"]')?.textContent === '1',
      null,
      { timeout: 15_000 },
    );
    await reaction(one.page, 'Ultimate', 'Waouh').click();
    await two.page.waitForFunction(() => document.querySelector('[id^="count-ultimate-wow"]')?.textContent === '0', null, { timeout: 15_000 });

    // The name is taken now, whatever its case.
    await one.page.getByRole('tab', { name: 'Ajouter un sport' }).click();
    await one.page.getByLabel('Nom du sport').fill('ULTIMATE');
    await one.page.getByText('Hmm, ce sport a déjà été suggéré 🙁').waitFor({ timeout: 15_000 });

    await shoot(two.page, 'vote-mobile');
    await shoot(one.page, 'vote-add-desktop');
    for (const { context } of [one, two, admin]) await context.close();
  });

  it('takes a phone’s focus to the thanks, tells it why the emoji field kept no letter, and leads from a duplicate suggestion to that sport on the vote list', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, member.email, member.password);
    await page.goto('/vote');
    await page.getByRole('tab', { name: 'Ajouter un sport' }).click();
    const emoji = page.getByLabel('Emoji');
    await expect.poll(() => emoji.isEnabled()).toBe(true);
    // Each view that replaces the pressed button takes the focus: the thanks, then the name again.
    await page.getByLabel('Nom du sport').fill('Kin-ball');
    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.getAttribute('aria-disabled') !== 'true', null, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).tap();
    const thanks = page.getByRole('heading', { name: 'Merci pour ta suggestion !' });
    await expect.poll(() => thanks.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Suggérer un autre sport' }).tap();
    await expect.poll(() => page.getByLabel('Nom du sport').evaluate((input) => input === document.activeElement)).toBe(true);
    await emoji.pressSequentially('a');
    await page.getByText("Seuls les emoji passent ici : les lettres, chiffres et signes tapés n'ont pas été gardés.").waitFor();
    await expect(emoji.inputValue()).resolves.toBe('');
    await page.getByLabel('Nom du sport').fill('ultimate');
    await page.getByText('Hmm, ce sport a déjà été suggéré 🙁').waitFor({ timeout: 15_000 });
    await shoot(page, 'vote-duplicate-mobile');
    await page.getByRole('link', { name: 'Voir ce sport dans les votes' }).tap();
    await expect.poll(() => page.getByRole('tab', { name: 'Voter' }).getAttribute('aria-selected')).toBe('true');
    const row = page.locator('li', { hasText: 'Ultimate' });
    await expect.poll(() => row.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(row.isVisible()).resolves.toBe(true);
    const box = await row.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await context.close();
  });

  it('lets anonymous visitors look but not act, and walks the tabs by keyboard', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/vote');
    await page.getByText('Connecte-toi pour voter ou suggérer un sport').first().waitFor();
    await expect(reaction(page, 'Ultimate', "J'adore").getAttribute('aria-disabled')).resolves.toBe('true');
    await reaction(page, 'Ultimate', "J'adore").click({ force: true });
    await expect(reaction(page, 'Ultimate', "J'adore").getAttribute('aria-pressed')).resolves.toBe('false');

    await page.getByRole('tab', { name: 'Voter' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Ajouter un sport' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Ajouter un sport');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Voter' }).getAttribute('aria-selected')).resolves.toBe('true');
    await shoot(page, 'vote-desktop');
    await context.close();
  });

  it('keeps a sport’s three reactions on one line on a phone, with a hundred votes for one', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/vote');
    const row = page.locator('li', { hasText: 'Ultimate' });
    await reaction(page, 'Ultimate', 'Bof').waitFor();
    // A popular sport: three digits beside 'J'adore'.
    await row.locator('.reaction__count').first().evaluate((count) => (count.textContent = '100'));
    const tops = await row.getByRole('button').evaluateAll((chips) => chips.map((chip) => Math.round(chip.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
    await context.close();
  });

  it('tells a phone tapping a reaction signed out why nothing happened, and brings it back there once signed in', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await page.goto('/vote');
    const row = page.locator('li', { hasText: 'Ultimate' });
    // aria-disabled: Playwright would wait for it to be enabled; a thumb does not.
    await reaction(page, 'Ultimate', "J'adore").tap({ force: true });
    const offer = row.getByRole('alert');
    await expect(offer.textContent()).resolves.toContain('Connecte-toi pour voter ou suggérer un sport');
    await shoot(page, 'vote-signed-out-tap-mobile');
    await offer.getByRole('link', { name: 'Se connecter' }).tap();

    await page.getByText('Connecte-toi, puis tu reviendras là où tu étais.').waitFor();
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/vote' && url.hash.startsWith('#sport-'));
    // Back on the sport it tapped, in view and focused, where the reaction now counts.
    await expect.poll(() => row.evaluate((element) => element === document.activeElement)).toBe(true);
    const love = reaction(page, 'Ultimate', "J'adore");
    await expect.poll(() => love.getAttribute('aria-disabled')).toBeNull();
    await love.tap();
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('true');
    await expect(row.getByRole('alert').count()).resolves.toBe(0);

    // From the tab to suggest a sport, signing in comes back to that tab, ready to type.
    await context.clearCookies();
    await page.goto('/vote');
    await page.getByRole('tab', { name: 'Ajouter un sport' }).tap();
    await shoot(page, 'vote-add-signed-out-mobile');
    await page.getByRole('tabpanel').getByRole('link', { name: 'Se connecter' }).tap();
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/vote' && url.hash === '#panel-add');
    await expect.poll(() => page.getByLabel('Nom du sport').isEnabled()).toBe(true);
    await expect(page.getByRole('tab', { name: 'Ajouter un sport' }).getAttribute('aria-selected')).resolves.toBe('true');
    await shoot(page, 'vote-add-after-sign-in-mobile');
    await context.close();
  });
});
