import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { siteOnLocalhost } from './support/localhost-proxy';
import { virtualAuthenticator } from './support/virtual-authenticator';

describe.skipIf(!browserAvailable())(`accounts: passkeys ${inject('browserSkipReason')}`, () => {
  const suite = siteOnLocalhost(SITE_ENV);

  it('adds a passkey on /account, then signs in with it on another device, without the address or password', async () => {
    const member = await createMember(suite.site, { firstname: 'Léa', lastname: 'Martin' });
    const desktop = await openPage(suite.browser, suite.url);
    const computer = await virtualAuthenticator(desktop.context, desktop.page);
    await signIn(desktop.page, member.email, member.password);

    const section = desktop.page.getByRole('region', { name: "Mes clés d'accès" });
    await section.getByText("Aucune clé d'accès pour l'instant.").waitFor();
    await section.getByRole('textbox', { name: 'Nom de la clé' }).fill('Ordinateur de Léa');
    await section.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
    await section.getByText("Clé d'accès « Ordinateur de Léa » ajoutée : tu peux t'en servir pour te connecter.").waitFor();
    const item = section.getByRole('listitem', { name: 'Ordinateur de Léa' });
    await item.getByText(/^Ajoutée le .* · pas encore utilisée$/).waitFor();
    const [credential] = await computer.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await suite.site.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === "Une clé d'accès a été ajoutée à ton compte");
    await screenshot(section, 'accounts-passkeys-list-desktop');

    // The same passkey, synced to the member's phone, where nobody signed in yet: the address
    // field offers it (conditional mediation), and the virtual authenticator picks it at once,
    // as the member would among the field's suggestions.
    const phone = await openPage(suite.browser, suite.url, 'mobile', { context: { hasTouch: true } });
    await (await virtualAuthenticator(phone.context, phone.page)).add(credential);
    await phone.page.goto('/account');
    await phone.page.getByRole('region', { name: "Mes clés d'accès" }).getByText(/dernière connexion le/).waitFor();
    await expect(phone.page.getByText(member.email).count()).resolves.toBeGreaterThan(0);

    // A browser that offers no such suggestion: the button does it.
    const laptop = await openPage(suite.browser, suite.url, 'mobile');
    await laptop.context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    // Its signature counter ahead of the phone's, as a device that signed more often: a copy
    // counting from the same number would look cloned, and be refused.
    await (await virtualAuthenticator(laptop.context, laptop.page)).add({ ...credential, signCount: 10 });
    await laptop.page.goto('/account');
    const button = laptop.page.getByRole('button', { name: "Se connecter avec une clé d'accès" });
    await button.waitFor();
    await shoot(laptop.page, 'accounts-passkeys-login-mobile');
    await button.click();
    await laptop.page.getByRole('region', { name: "Mes clés d'accès" }).getByRole('listitem', { name: 'Ordinateur de Léa' }).waitFor();
    for (const { context } of [desktop, phone, laptop]) await context.close();
  });

  it('renames and removes a passkey, which then signs nobody in', async () => {
    const member = await createMember(suite.site);
    const { page, context, allow } = await openPage(suite.browser, suite.url);
    const authenticator = await virtualAuthenticator(context, page);
    await signIn(page, member.email, member.password);
    const section = page.getByRole('region', { name: "Mes clés d'accès" });
    await section.getByRole('textbox', { name: 'Nom de la clé' }).fill('Clé USB');
    await section.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
    await section.getByRole('listitem', { name: 'Clé USB' }).waitFor();

    await section.getByRole('button', { name: 'Renommer « Clé USB »' }).click();
    const newName = section.getByRole('textbox', { name: 'Nouveau nom' });
    await expect(newName.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
    await newName.fill('Clé du club');
    await section.getByRole('button', { name: 'Enregistrer le nom' }).click();
    await section.getByText("Clé d'accès renommée « Clé du club ».").waitFor();

    await section.getByRole('button', { name: 'Retirer « Clé du club »' }).click();
    const dialog = page.getByRole('dialog', { name: "Retirer cette clé d'accès ?" });
    await screenshot(dialog, 'accounts-passkeys-remove-desktop');
    await dialog.getByRole('button', { name: 'Retirer la clé' }).click();
    await section.getByText("Clé d'accès « Clé du club » retirée.").waitFor();
    await section.getByText("Aucune clé d'accès pour l'instant.").waitFor();
    const mail = await suite.site.mailbox.waitFor(member.email, (message) => message.parsed.subject === "Une clé d'accès a été retirée de ton compte");
    expect(mail.parsed.text).toContain('« Clé du club »');

    // The device still holds it, but the site no longer knows it.
    expect(await authenticator.credentials()).toHaveLength(1);
    const other = await openPage(suite.browser, suite.url);
    await other.context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await (await virtualAuthenticator(other.context, other.page)).add((await authenticator.credentials())[0]);
    other.allow(401);
    await other.page.goto('/account');
    await other.page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await other.page.getByText("Cette clé d'accès n'est liée à aucun compte de ce site").waitFor();
    allow();
    await context.close();
    await other.context.close();
  });
});
