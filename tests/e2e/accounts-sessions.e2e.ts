import { describe, expect, inject, it } from 'vitest';
import { createMember, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { siteOnLocalhost } from './support/localhost-proxy';
import { virtualAuthenticator } from './support/virtual-authenticator';

describe.skipIf(!browserAvailable())(`accounts: the member's sessions ${inject('browserSkipReason')}`, () => {
  // On localhost: passkeys need a host name.
  const suite = siteOnLocalhost(SITE_ENV);

  it('mails a sign-in from a new browser, lists both sessions, and ends the other one', async () => {
    const member = await createMember(suite.site);
    const desktop = await openPage(suite.browser, suite.url);
    await signIn(desktop.page, member.email, member.password);
    const phone = await openPage(suite.browser, suite.url, 'mobile', {
      context: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' },
    });
    await signIn(phone.page, member.email, member.password);
    const mail = await suite.site.mailbox.waitFor(member.email, (message) => message.parsed.subject === 'Nouvelle connexion à ton compte');
    expect(mail.parsed.text).toContain('Safari 17, iPhone (iOS 17.4)');

    await desktop.page.reload();
    const section = desktop.page.getByRole('region', { name: 'Mes sessions' });
    await section.getByRole('listitem', { name: 'Safari 17, iPhone (iOS 17.4)' }).waitFor();
    await expect(section.getByText('Cette session').count()).resolves.toBe(1);
    await screenshot(section, 'accounts-sessions-desktop');
    await section.getByRole('button', { name: 'Déconnecter toutes les autres' }).click();
    await section.getByText('Toutes tes autres sessions sont déconnectées.').waitFor();
    await expect(section.getByRole('listitem').count()).resolves.toBe(1);

    // The phone's page is signed out at its next request.
    phone.allow(401);
    await phone.page.reload();
    await phone.page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await desktop.context.close();
    await phone.context.close();
  });

  it("removes every passkey from 'Mes sessions', and the passkeys' list follows", async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, member.email, member.password);
    await virtualAuthenticator(context, page);
    const passkeys = page.getByRole('region', { name: "Mes clés d'accès" });
    await passkeys.getByRole('textbox', { name: 'Nom de la clé' }).fill('Téléphone');
    await passkeys.getByRole('button', { name: "Ajouter une clé d'accès" }).tap();
    await passkeys.getByRole('listitem', { name: 'Téléphone' }).waitFor();

    const section = page.getByRole('region', { name: 'Mes sessions' });
    const removeAll = section.getByRole('button', { name: "Retirer toutes mes clés d'accès" });
    await removeAll.waitFor();
    await screenshot(section, 'accounts-sessions-remove-passkeys-mobile');
    await removeAll.tap();
    await section.getByText("Ta clé d'accès est retirée.").waitFor();
    await passkeys.getByRole('listitem', { name: 'Téléphone' }).waitFor({ state: 'detached' });
    await removeAll.waitFor({ state: 'detached' });
    await suite.site.mailbox.waitFor(member.email, (message) => message.parsed.subject === "Tes clés d'accès ont été retirées de ton compte");
    await context.close();
  });
});
