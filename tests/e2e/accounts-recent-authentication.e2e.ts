import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/connection';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { browserAvailable, connectBrowser, openPage } from './support/browser';
import { localhostProxy } from './support/localhost-proxy';
import { ADMIN, startSite, type Site } from './support/site';
import { virtualAuthenticator, type Credential } from './support/virtual-authenticator';

const DIALOG = "Confirme que c'est bien toi";

/** The heading of the dialog holding the focused element, if a dialog holds it. */
const focusedDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog')?.querySelector('h2')?.textContent ?? null);

/** The admin's address and password, then a code at the second step, landing on `path`. */
async function signInWithCode(page: Page, code: string, path: string) {
  await page.goto(path);
  await page.getByLabel('Adresse mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('textbox', { name: 'Code de l’application ou code de secours' }).fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('heading', { name: 'Deuxième étape' }).waitFor({ state: 'detached' });
}

/** A member's page in the admin, opened from its address. */
async function openMember(page: Page, member: Member) {
  const found = await page.request.get(`/api/admin/members?q=${encodeURIComponent(member.email)}`);
  const { members } = (await found.json()) as { members: { uuid: string }[] };
  await page.goto(`/admin/members/${members[0].uuid}`);
  await page.getByRole('heading', { level: 1, name: `${member.firstname} ${member.lastname}` }).waitFor();
}

/** An action of a member's page, confirmed in its own dialog. */
async function act(page: Page, button: string, confirm: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('button', { name: confirm, exact: true }).click();
}

describe.skipIf(!browserAvailable())(`accounts: a sensitive act asks for a recent sign-in ${inject('browserSkipReason')}`, () => {
  const env = SITE_ENV;
  let site: Site;
  let browser: Browser;
  let proxy: Awaited<ReturnType<typeof localhostProxy>>;

  beforeAll(async () => {
    proxy = await localhostProxy();
    [site, browser] = await Promise.all([startSite({ ...env, PUBLIC_URL: proxy.url }), connectBrowser()]);
    proxy.relayTo(site.url);
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await site?.stop();
  });

  /**
   * Every sign-in of the site dated a quarter of an hour back, as if 15 minutes had passed:
   * the server stopped, its own database opened as an operator's command opens it, then the
   * server started again on it (the relay keeps the address, so the browsers keep their cookies).
   */
  async function ageSignIns() {
    const { dataDir } = site;
    await site.halt();
    const database = await openDatabase({ dataDir });
    try {
      const then = new Date(Date.now() - 15 * 60_000);
      await database.db.updateTable('sessions').set({ authenticated_at: then, last_seen_at: then, second_factor_at: then }).execute();
    } finally {
      await database.close();
    }
    site = await startSite({ ...env, PUBLIC_URL: proxy.url }, { dataDir });
    proxy.relayTo(site.url);
  }

  /** The context's cookies, the context closed: nothing of it is open while the server restarts. */
  async function keep(context: BrowserContext) {
    const state = await context.storageState();
    await context.close();
    return state;
  }

  // Two starts of the site inside the test, each several seconds when the machine is busy.
  it('asks the password, an app code or a passkey again in one dialog, then carries out the act', { timeout: 300_000 }, async () => {
    const [first, second] = [await createMember(site, { firstname: 'Maëlle', lastname: 'Perrin' }), await createMember(site, { firstname: 'Hugo', lastname: 'Lefèvre' })];

    // Three sessions of the admin: one with the app (turned on first: it ends the sessions opened
    // on the password alone), then one for the password and one on a phone holding a passkey,
    // each through the second step with a recovery code.
    const byCode = await openPage(browser, proxy.url);
    await signIn(byCode.page, ADMIN.email, ADMIN.password, '/account');
    const { secret } = (await (await byCode.page.request.post('/api/account/two-factor/totp/setup', { data: {} })).json()) as { secret: string };
    const app = new TOTP({ secret: Secret.fromBase32(secret) });
    const enrolled = await byCode.page.request.post('/api/account/two-factor/totp', { data: { code: app.generate() } });
    expect(enrolled.status()).toBe(200);
    const { recoveryCodes } = (await enrolled.json()) as { recoveryCodes: string[] };
    const byPassword = await openPage(browser, proxy.url);
    await signInWithCode(byPassword.page, recoveryCodes[0], '/admin');
    const byPasskey = await openPage(browser, proxy.url, 'mobile', { context: { hasTouch: true } });
    await signInWithCode(byPasskey.page, recoveryCodes[1], '/account');
    const passkeys = byPasskey.page.getByRole('region', { name: "Mes clés d'accès" });
    const authenticator = await virtualAuthenticator(byPasskey.context, byPasskey.page);
    await passkeys.getByRole('textbox', { name: 'Nom de la clé' }).fill('Téléphone');
    await passkeys.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
    await passkeys.getByRole('listitem', { name: 'Téléphone' }).waitFor();
    const credentials: Credential[] = await authenticator.credentials();
    await shoot(byPasskey.page, 'accounts-passkey-added-mobile');
    // The account with its app on, its sessions and the phone's passkey, as a desktop shows it.
    await byCode.page.reload();
    await byCode.page.getByRole('region', { name: 'Validation en deux étapes' }).getByText('La validation en deux étapes est activée.').waitFor();
    await shoot(byCode.page, 'accounts-two-factor-on-desktop');
    const states = await Promise.all([keep(byPassword.context), keep(byPasskey.context), keep(byCode.context)]);

    await ageSignIns();

    // The password, by keyboard alone: the dialog takes the focus, Escape leaves the act undone.
    const { page, context, allow } = await openPage(browser, proxy.url, 'desktop', { context: { storageState: states[0] } });
    allow(401, 403);
    await openMember(page, first);
    await page.getByRole('button', { name: 'Nommer modérateur' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Nommer Maëlle Perrin modérateur ?' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.waitFor();
    await expect(focusedDialog(page)).resolves.toBe(DIALOG);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('alert').getByText("Pour cette action, confirme d'abord que c'est bien toi", { exact: false }).waitFor();
    expect(await page.getByText('Maëlle Perrin a maintenant le rôle modérateur.').count()).toBe(0);

    // The confirmation, still open with that message, sends the act again.
    await page.getByRole('button', { name: 'Oui, nommer modérateur', exact: true }).click();
    await dialog.waitFor();
    await expect(focusedDialog(page)).resolves.toBe(DIALOG);
    await page.keyboard.type('pas le bon mot de passe');
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('Mot de passe incorrect').waitFor();
    await shoot(page, 'accounts-reauthentication-desktop');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByText('Maëlle Perrin a maintenant le rôle modérateur.').waitFor();
    expect(await dialog.count()).toBe(0);
    // Freshly confirmed: the next act goes through without asking.
    await act(page, 'Nommer rédacteur', 'Oui, nommer rédacteur');
    await page.getByText('Maëlle Perrin a maintenant le rôle rédacteur.').waitFor();
    expect(await dialog.count()).toBe(0);
    await context.close();

    // The passkey, on a phone.
    const phone = await openPage(browser, proxy.url, 'mobile', { context: { hasTouch: true, storageState: states[1] } });
    phone.allow(403);
    await (await virtualAuthenticator(phone.context, phone.page)).add(credentials[0]);
    await openMember(phone.page, second);
    await act(phone.page, 'Suspendre le compte', 'Oui, suspendre');
    const phoneDialog = phone.page.getByRole('dialog', { name: DIALOG });
    await phoneDialog.waitFor();
    await shoot(phone.page, 'accounts-reauthentication-mobile');
    await phoneDialog.getByRole('button', { name: "Utiliser ma clé d'accès" }).tap();
    await phone.page.getByText('Le compte de Hugo Lefèvre est suspendu.').waitFor();
    await phone.context.close();

    // The app's next code.
    const withApp = await openPage(browser, proxy.url, 'desktop', { context: { storageState: states[2] } });
    withApp.allow(403);
    await openMember(withApp.page, second);
    await act(withApp.page, 'Rétablir le compte', 'Oui, rétablir');
    const appDialog = withApp.page.getByRole('dialog', { name: DIALOG });
    await appDialog.getByRole('button', { name: 'Utiliser un code à la place' }).click();
    await appDialog.getByRole('textbox', { name: 'Code de l’application ou code de secours' }).fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await appDialog.getByRole('button', { name: 'Confirmer' }).click();
    await withApp.page.getByText('Le compte de Hugo Lefèvre est rétabli.').waitFor();
    await withApp.context.close();
  });
});
