import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createMember, shoot, SITE_ENV, type Member } from './accounts-support';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { siteOnLocalhost } from './support/localhost-proxy';
import { virtualAuthenticator } from './support/virtual-authenticator';

/** What the member's authenticator app shows, `stepsAhead` periods of 30 seconds from now. */
const appCode = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * Recovery codes side by side with less room between them than a number ('10.') takes: one
 * code then runs under the next one's number (two columns on a desktop).
 */
const crowdedCodes = (codes: Locator) =>
  codes.locator('code').evaluateAll((elements) => {
    const boxes = elements.map((code) => {
      const box = code.getBoundingClientRect();
      return { box, charWidth: box.width / code.textContent!.length };
    });
    return boxes.filter(({ box, charWidth }) =>
      boxes.some((other) => other.box.top === box.top && other.box.left > box.left && other.box.left - box.right < 3 * charWidth),
    ).length;
  });

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** The address and password typed and sent: what comes next is the second step, or the account. */
async function password(page: Page, member: Member) {
  await page.goto('/account');
  await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

describe.skipIf(!browserAvailable())(`accounts: the second factor ${inject('browserSkipReason')}`, () => {
  const suite = siteOnLocalhost(SITE_ENV);

  it('links an authenticator app, shows ten recovery codes once, then asks a code after the password; a recovery code serves once', async () => {
    const member = await createMember(suite.site, { firstname: 'Inès', lastname: 'Roux' });
    const { page, context } = await openPage(suite.browser, suite.url, 'mobile', { context: { hasTouch: true } });
    await password(page, member);
    const section = page.getByRole('region', { name: 'Validation en deux étapes' });
    await section.getByText("La validation en deux étapes n'est pas activée.").waitFor();
    await section.getByRole('button', { name: "Ajouter une application d'authentification" }).tap();
    await section.getByRole('img', { name: "QR code à scanner avec ton application d'authentification" }).waitFor();
    const secret = (await section.locator('.two-factor__secret').textContent())!.replace(/\s/g, '');
    await screenshot(section, 'accounts-two-factor-enrolment-mobile');
    await section.getByRole('textbox', { name: 'Code à 6 chiffres' }).fill(appCode(secret));
    await section.getByRole('button', { name: 'Activer' }).tap();

    const codes = section.getByRole('region', { name: 'Tes codes de secours' });
    await codes.waitFor();
    await expect(focusedText(page)).resolves.toBe('Tes codes de secours');
    const recoveryCodes = await codes.getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await crowdedCodes(codes)).toBe(0);
    // The whole page: the codes are taller than a phone's screen, which an element's shot cuts.
    await shoot(page, 'accounts-two-factor-codes-mobile');
    await codes.getByRole('button', { name: "J'ai noté mes codes" }).tap();
    await section.getByText('La validation en deux étapes est activée.').waitFor();
    await expect(section.getByText('Codes de secours restants : 10').count()).resolves.toBe(1);
    await suite.site.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === 'Une application d’authentification protège ton compte');
    await context.close();

    // Another browser: the password alone opens nothing, the app's next code does.
    const desktop = await openPage(suite.browser, suite.url);
    await password(desktop.page, member);
    await desktop.page.getByRole('heading', { name: 'Deuxième étape' }).waitFor();
    await expect(focusedText(desktop.page)).resolves.toBe('Deuxième étape');
    await screenshot(desktop.page, 'accounts-two-factor-second-step-desktop');
    desktop.allow(401);
    await desktop.page.getByRole('textbox', { name: 'Code de l’application ou code de secours' }).fill('000000');
    await desktop.page.getByRole('button', { name: 'Valider' }).click();
    await desktop.page.getByRole('alert').getByText('Ce code ne convient pas (ou a déjà servi)').waitFor();
    await desktop.page.getByRole('textbox', { name: 'Code de l’application ou code de secours' }).fill(appCode(secret, 1));
    await desktop.page.getByRole('button', { name: 'Valider' }).click();
    await desktop.page.getByRole('region', { name: 'Validation en deux étapes' }).waitFor();
    await desktop.context.close();

    // A lost phone: a recovery code gets the member in, once.
    for (const [attempt, expected] of [
      [1, 'in'],
      [2, 'refused'],
    ] as const) {
      const other = await openPage(suite.browser, suite.url);
      other.allow(401);
      await password(other.page, member);
      await other.page.getByRole('textbox', { name: 'Code de l’application ou code de secours' }).fill(recoveryCodes[0]);
      await other.page.getByRole('button', { name: 'Valider' }).click();
      if (expected === 'in') await other.page.getByRole('region', { name: 'Validation en deux étapes' }).getByText('Codes de secours restants : 9').waitFor();
      else await other.page.getByRole('alert').getByText('Ce code ne convient pas (ou a déjà servi)').waitFor();
      expect(attempt).toBeGreaterThan(0);
      await other.context.close();
    }
  });

  it('takes a passkey as the second step', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.url);
    const authenticator = await virtualAuthenticator(context, page);
    await password(page, member);
    const passkeys = page.getByRole('region', { name: "Mes clés d'accès" });
    await passkeys.getByRole('textbox', { name: 'Nom de la clé' }).fill('Ordinateur');
    await passkeys.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
    await passkeys.getByRole('listitem', { name: 'Ordinateur' }).waitFor();
    const section = page.getByRole('region', { name: 'Validation en deux étapes' });
    await section.getByRole('button', { name: "Utiliser mes clés d'accès comme deuxième étape" }).click();
    const codes = section.getByRole('region', { name: 'Tes codes de secours' });
    await codes.waitFor();
    expect(await crowdedCodes(codes)).toBe(0);
    await codes.getByRole('button', { name: "J'ai noté mes codes" }).click();
    await section.getByText("Clés d'accès : 1").waitFor();
    const [credential] = await authenticator.credentials();
    await context.close();

    // Where the address field offers no passkey, the password comes first, then the passkey.
    const other = await openPage(suite.browser, suite.url);
    await other.context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await (await virtualAuthenticator(other.context, other.page)).add({ ...credential, signCount: 10 });
    await password(other.page, member);
    await other.page.getByRole('heading', { name: 'Deuxième étape' }).waitFor();
    await shoot(other.page, 'accounts-two-factor-passkey-step-desktop');
    await other.page.getByRole('button', { name: "Utiliser ma clé d'accès" }).click();
    await other.page.getByRole('region', { name: "Mes clés d'accès" }).getByText(/dernière connexion le/).waitFor();
    await other.context.close();
  });
});
