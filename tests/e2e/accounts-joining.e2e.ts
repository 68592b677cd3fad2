// A first-time visitor's way in, on a phone: from 'Rejoindre' to a verified address.
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ANTI_BOT_CHALLENGE_URL } from '../../src/shared/anti-bot';
import { createMember, PASSWORD, shoot, signIn, SITE_ENV, uniqueEmail, verificationLinkPath } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage, screenshot, VIEWPORTS } from './support/browser';
import { apiSession } from './support/lived-in';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`accounts: joining on a phone ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it("shows 'Rejoindre' in /join's first screen, which opens the registration side of /account", async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/join');
    const join = page.getByRole('link', { name: 'Rejoindre', exact: true }).first();
    const box = await join.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await shoot(page, 'joining-join-hero-mobile');
    await join.click();
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    expect(new URL(page.url()).search).toBe('?auth=register');
    // The switch is still there for a member who already has an account.
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    await context.close();
  });

  it('ticks the password rule part by part as it is typed, says which part fails, and turns red only once left', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/account?auth=register');
    const checks = page.getByRole('list', { name: 'Le mot de passe doit contenir' });
    await checks.waitFor();
    const state = () =>
      checks.getByRole('listitem').evaluateAll((items) => items.map((item) => item.className.split('--').pop()));
    await expect(state()).resolves.toEqual(['todo', 'todo', 'todo', 'todo', 'todo']);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Stade2026?');
    await page.getByText('Faible', { exact: true }).waitFor();
    await expect(state()).resolves.toEqual(['met', 'met', 'met', 'met', 'missing']);
    // Not red while it is being typed, only once left.
    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(password.getAttribute('aria-invalid')).resolves.toBeNull();
    await password.blur();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await checks.getByText('« ? » ne compte pas').waitFor();
    // The list is what the field's description reads.
    const description = await page.getByLabel('Mot de passe', { exact: true }).evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain('un caractère spécial parmi !@#$%^&*()-_+.');
    await shoot(page, 'joining-password-checklist-mobile');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Stade2026!');
    await page.getByText('Correct', { exact: true }).waitFor();
    await expect(state()).resolves.toEqual(['met', 'met', 'met', 'met', 'met']);
    await context.close();
  });

  it('sees the address verified from the mail app when the tab comes back, and never as an error', async () => {
    const member = await createMember(suite.site, { verified: false });
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [409] });
    await signIn(page, member.email, member.password);
    await page.getByRole('heading', { name: 'Vérifie ton adresse mail' }).waitFor();
    const openLinkInMailApp = async () => {
      const token = (await verificationLinkPath(suite.site, member.email)).split('/').pop();
      const opened = await fetch(`${suite.site.url}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(opened.status).toBe(200);
    };
    await openLinkInMailApp();
    // Back from the mail app: the browser tells the page it is in front again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('heading', { name: 'Adresse mail vérifiée' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Vérifie ton adresse mail' }).count()).resolves.toBe(0);
    await shoot(page, 'joining-verified-on-return-mobile');
    await context.close();

    // A tab that missed the return (asleep) and taps 'Renvoyer le mail' hears the same good news.
    const other = await createMember(suite.site, { verified: false });
    const late = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [409] });
    await signIn(late.page, other.email, other.password);
    await late.page.getByRole('heading', { name: 'Vérifie ton adresse mail' }).waitFor();
    const token = (await verificationLinkPath(suite.site, other.email)).split('/').pop();
    await fetch(`${suite.site.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    await late.page.getByRole('button', { name: 'Renvoyer le mail' }).click();
    await late.page.getByRole('heading', { name: 'Adresse mail vérifiée' }).waitFor();
    await expect(late.page.getByRole('alert').count()).resolves.toBe(0);
    await late.context.close();
  });

  it("shows the 'Je ne suis pas un robot' box, and a spinner while it checks", async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    // A challenge made far longer to solve, so the check under way can be seen (it is not sent).
    await page.route(`**${ANTI_BOT_CHALLENGE_URL}`, async (route) => {
      const response = await route.fetch();
      const challenge = await response.json();
      challenge.parameters.cost = 5_000_000;
      await route.fulfill({ response, json: challenge });
    });
    // Before it starts (the form not yet touched): an empty box with a visible border.
    await page.goto('/join_as_organisation');
    const box = page.locator('altcha-widget .altcha-checkbox input');
    await box.waitFor();
    const border = await box.evaluate((element) => getComputedStyle(element).border);
    expect(border).toMatch(/^2px solid rgb\(/);
    await screenshot(page.locator('altcha-widget'), 'joining-anti-bot-unverified-mobile');

    await page.goto('/account?auth=register');
    await page.getByLabel('Adresse mail', { exact: true }).fill(uniqueEmail('robot'));
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const widget = page.locator('altcha-widget');
    await widget.waitFor({ state: 'attached' });
    // Solving starts when the form gets focus; the box and the spinner in its place are seen.
    await page.getByLabel("Nom d'utilisateur").focus();
    const spinner = widget.locator('.altcha-checkbox-spinner');
    await expect.poll(() => widget.locator('.altcha').getAttribute('data-state')).toBe('verifying');
    await widget.getByText('Vérification en cours…').waitFor();
    const look = await spinner.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return { display: style.display, animation: style.animationName, top: style.borderTopColor, width: box.width };
    });
    expect(look.display).toBe('block');
    expect(look.animation).toBe('spin');
    expect(look.top).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.width).toBeGreaterThan(15);
    const frame = await widget.locator('.altcha-main').evaluate((element) => getComputedStyle(element).borderTopWidth);
    expect(frame).toBe('2px');
    await screenshot(widget, 'joining-anti-bot-verifying-mobile');
    await shoot(page, 'joining-step2-mobile');
    await context.close();
  });

  it("takes the phone's Back from step 2 to step 1 and Forward to step 2 again, nothing typed lost", async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/join');
    await page.getByRole('link', { name: 'Rejoindre', exact: true }).first().click();
    const email = uniqueEmail('retour');
    await page.getByLabel('Adresse mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel("Nom d'utilisateur").fill('retour_e2e');
    await page.getByLabel('Prénom').fill('Jules');

    await page.goBack();
    await page.getByRole('button', { name: 'Continuer' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/account?auth=register');
    await expect(page.getByLabel('Adresse mail', { exact: true }).inputValue()).resolves.toBe(email);
    await expect(page.getByLabel('Confirmation du mot de passe').inputValue()).resolves.toBe(PASSWORD);

    await page.goForward();
    await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
    await expect(page.getByLabel("Nom d'utilisateur").inputValue()).resolves.toBe('retour_e2e');
    await expect(page.getByLabel('Prénom').inputValue()).resolves.toBe('Jules');

    // The back arrow is the same step back; Back once more leaves for /join.
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.getByRole('button', { name: 'Continuer' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/join');
    await context.close();
  });

  it('marks an address that already has an account, focuses it and offers the ways in beside it', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [409] });
    await page.goto('/account?auth=register');
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel("Nom d'utilisateur").fill(`double${Date.now().toString(36)}`);
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Double');
    await page.getByRole('checkbox', { name: /conditions d'utilisation/ }).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // The spec's message in its box, and the field itself marked, with the focus.
    await page.getByRole('alert').getByText('Cette adresse mail est déjà utilisée 🙁').waitFor();
    const field = page.getByLabel('Adresse mail', { exact: true });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    const beside = page.locator('.register-taken');
    await beside.getByText('Tu as déjà un compte ?').waitFor();
    const forgot = beside.getByRole('link', { name: 'Mot de passe oublié ?' });
    expect((await forgot.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shoot(page, 'joining-email-taken-mobile');
    await expect(beside.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).resolves.toBe('/account');
    await forgot.click();
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();
    // The address comes along: one tap on 'Envoyer' and the temporary password is on its way.
    await expect(page.getByLabel('Adresse mail', { exact: true }).inputValue()).resolves.toBe(member.email);
    await context.close();
  });

  it("says which field holds 'Créer mon compte' back: the terms box, outlined with a line under it", async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await page.goto('/account?auth=register');
    await page.getByLabel('Adresse mail', { exact: true }).fill(uniqueEmail('cases'));
    await page.getByText('À compléter : Mot de passe, Confirmation du mot de passe').waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel("Nom d'utilisateur").fill(`cases${Date.now().toString(36)}`);
    await page.getByLabel('Prénom').fill('Nina');
    await page.getByLabel('Nom', { exact: true }).fill('Roux');
    const create = page.getByRole('button', { name: 'Créer mon compte' });
    await page.getByText("À compléter : case des conditions d'utilisation").waitFor();
    await expect(create.getAttribute('aria-disabled')).resolves.toBe('true');

    // Tapped anyway: the spec's tooltip stays under the finger, and the box that holds it back
    // is outlined and explained.
    await create.tap({ force: true });
    await page.getByRole('tooltip').getByText("Ce bouton n'aime pas les champs vides ou rouges 🙁").waitFor();
    const terms = page.getByRole('checkbox', { name: /conditions d'utilisation/ });
    await expect(terms.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('Coche cette case pour créer ton compte').waitFor();
    await expect(terms.evaluate((box) => getComputedStyle(box).outlineStyle)).resolves.toBe('solid');
    await expect(
      terms.evaluate((box) => document.getElementById(box.getAttribute('aria-describedby')!)?.textContent),
    ).resolves.toBe('Coche cette case pour créer ton compte');
    await screenshot(page, 'joining-terms-held-back-mobile', { fullPage: false });
    // From the keyboard, the focus goes to the box.
    await create.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => terms.evaluate((box) => box === document.activeElement)).toBe(true);

    await terms.check();
    await expect(page.getByText('Coche cette case pour créer ton compte').count()).resolves.toBe(0);
    await expect(create.getAttribute('aria-disabled')).resolves.toBeNull();
    await context.close();
  });

  it('says which field holds the other forms of the way in back: sign-in and the organisation account', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/account');
    await page.getByLabel('Adresse mail', { exact: true }).fill('lea@exemple.fr');
    await page.getByText('À compléter : Mot de passe').waitFor();
    await page.getByRole('button', { name: 'Se connecter', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByLabel('Mot de passe', { exact: true }).evaluate((input) => input === document.activeElement))
      .toBe(true);

    await page.goto('/join_as_organisation');
    await page.getByLabel('Adresse mail', { exact: true }).fill(uniqueEmail('club'));
    await page.getByLabel("Nom de l'organisation").fill('Club des Cases');
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByText("À compléter : case des conditions d'utilisation").waitFor();
    // Pressed again until it answers: on a busy machine the first tap can land while the page
    // still redraws after the last field's input.
    const create = page.getByRole('button', { name: 'Créer le compte organisation' });
    const hint = page.getByText('Cochez cette case pour créer le compte');
    await expect
      .poll(async () => {
        await create.click({ force: true });
        return hint.count();
      })
      .toBeGreaterThan(0);
    await expect(page.getByRole('checkbox', { name: /conditions d'utilisation/ }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await shoot(page, 'joining-organisation-terms-held-back-mobile');
    await context.close();
  });

  it("names what holds the account's password, address and deletion forms back once they are started", async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, member.email, member.password);
    const passwordForm = page.getByRole('region', { name: 'Mot de passe' });
    await passwordForm.waitFor();
    // Idle forms say nothing.
    await expect(page.getByText(/À compléter/).count()).resolves.toBe(0);
    await passwordForm.getByLabel('Nouveau mot de passe').fill('Stade2026?');
    await passwordForm
      .getByText('À compléter : Mot de passe actuel, Nouveau mot de passe, Confirmation du mot de passe')
      .waitFor();
    await passwordForm.getByText('« ? » ne compte pas').waitFor();
    await passwordForm.getByRole('button', { name: 'Changer le mot de passe' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => passwordForm.getByLabel('Mot de passe actuel').evaluate((input) => input === document.activeElement))
      .toBe(true);

    const emailForm = page.getByRole('region', { name: 'Adresse mail' });
    await emailForm.getByLabel('Nouvelle adresse mail').fill('nouvelle@exemple.fr');
    await emailForm.getByText('À compléter : Mot de passe (pour confirmer)').waitFor();

    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page.getByText('À compléter : Confirme avec ton mot de passe').waitFor();
    await context.close();
  });

  it('shows the site and a loading view on a slow connection before the scripts arrive, and nothing moves when the page takes over', async () => {
    const member = await createMember(suite.site, { verified: false });
    const link = await verificationLinkPath(suite.site, member.email);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.addInitScript(() => {
      // What moved, for the failure's message: the element and its box before and after.
      const shifts = { total: 0, moved: [] as string[] };
      Object.assign(window, { shifts });
      type Source = { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
          if (entry.hadRecentInput) continue;
          shifts.total += entry.value;
          for (const source of entry.sources) {
            const node = source.node ? `${source.node.nodeName.toLowerCase()}.${String(source.node.className || '').replace(/ /g, '.')}` : '?';
            shifts.moved.push(`${entry.value.toFixed(4)} ${node} ${box(source.previousRect)} → ${box(source.currentRect)} at ${Math.round(entry.startTime)} ms`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A first visit each time: the second page finds no script in the cache of the first.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A phone on a poor mobile connection: 400 ms a round trip, 50 kB/s each way.
    const throttle = (on: boolean) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: on ? 400 : 0,
        downloadThroughput: on ? 50 * 1024 : -1,
        uploadThroughput: on ? 50 * 1024 : -1,
      });
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: { total: number; moved: string[] } }).shifts);
    const slowVisit = async (path: string, name: string, ready: Locator) => {
      await throttle(true);
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByRole('banner').getByRole('link', { name: /accueil/ }).waitFor();
      await page.getByRole('status').getByText('Chargement de la page…').waitFor();
      // React has not taken the document yet: this is the HTML alone.
      await expect(page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer')))).resolves.toBe(false);
      await shoot(page, `joining-slow-${name}-loading-mobile`);
      await throttle(false);
      await ready.waitFor();
      const { total, moved } = await shifts();
      expect(total, `${path}: ${moved.join('; ')}`).toBeLessThan(0.01);
    };
    await slowVisit('/account', 'account', page.getByRole('heading', { level: 1, name: 'Connexion' }));
    await slowVisit(link, 'verify-email', page.getByRole('heading', { level: 1, name: 'Adresse mail vérifiée' }));
    // A member's page whose form waits for the session, then for its data: the footer stays out of sight.
    const other = await createMember(suite.site);
    await signIn(page, other.email, other.password);
    await page.goto('/leave-a-print');
    await page.getByLabel('Ton message').waitFor();
    const { total, moved } = await shifts();
    expect(total, moved.join('; ')).toBeLessThan(0.01);
    await context.close();
  });

  it('shows the site without JavaScript: a line saying what is missing on /account, the sports and their votes on /vote', async () => {
    const member = await createMember(suite.site);
    const suggested = await apiJson<{ id: string }>(suite.site, '/api/sports', {
      method: 'POST',
      body: { name: "Course d'orientation", emoji: '🧭' },
      cookie: await apiSession(suite.site, member.email, member.password),
    });
    expect(suggested.status).toBe(201);
    const approved = await apiJson(suite.site, `/api/admin/sports/${encodeURIComponent(suggested.body.id)}/approve`, {
      method: 'POST',
      body: {},
      cookie: await adminCookie(suite.site),
    });
    expect(approved.status).toBeLessThan(300);

    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { javaScriptEnabled: false } });
    await page.goto('/account');
    await page.getByRole('banner').getByRole('link', { name: /accueil/ }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Politique de confidentialité' }).waitFor();
    // getByText skips what sits in <noscript>, which a browser without scripts shows.
    const line = (text: string) => page.getByRole('paragraph').filter({ hasText: text });
    await line('Cette page a besoin de JavaScript pour fonctionner : active-le dans ton navigateur, puis recharge la page.').waitFor();
    // No spinner turns for ever.
    await expect(page.getByRole('status').count()).resolves.toBe(0);
    await shoot(page, 'joining-no-script-account-mobile');

    await page.goto('/vote');
    await line('Pour voter ou proposer un sport, active JavaScript dans ton navigateur.').waitFor();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: "Course d'orientation" }) });
    await expect(row.innerText()).resolves.toMatch(/J'adore\s*0/);
    await expect(page.getByRole('status').count()).resolves.toBe(0);
    await shoot(page, 'joining-no-script-vote-mobile');
    await context.close();
  });
});
