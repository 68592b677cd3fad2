import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/messages';
import {
  createMember,
  PASSWORD,
  shoot,
  signIn,
  SITE_ENV,
  uniqueEmail,
  verificationLinkPath,
} from './accounts-support';
import { axeViolations } from './support/axe';
import { browserAvailable, openPage, VIEWPORTS } from './support/browser';
import { siteAndBrowser } from './support/suite';

const NOTICE = 'Vérifie ton adresse mail';

describe.skipIf(!browserAvailable())(`accounts: e-mail verification ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('registers on a phone, the focus on the notice, opens the link of the mail: the page says verified, and /account has no notice', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    const email = uniqueEmail('verifiee');
    await page.goto('/account?auth=register');
    await page.getByLabel('Adresse mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel("Nom d'utilisateur").fill(`v${Date.now().toString(36)}`);
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByLabel('Nom', { exact: true }).fill('Moreau');
    await page.getByRole('checkbox', { name: /conditions d'utilisation/ }).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Salut Inès 👋').waitFor();
    // Until the link is opened: the notice, and the address shown as not yet verified. The
    // registration form is gone: the notice, the new member's first message, has the focus.
    await page.getByRole('heading', { name: NOTICE }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: NOTICE }).evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByText('pas encore vérifiée').waitFor();

    await page.goto(await verificationLinkPath(suite.site, email));
    await page.getByRole('heading', { level: 1, name: 'Adresse mail vérifiée' }).waitFor();
    await page.locator('strong', { hasText: email }).waitFor();
    await page.locator('#contenu').getByRole('link', { name: 'Mon compte' }).click();
    await page.getByText('Salut Inès 👋').waitFor();
    await page.getByText('vérifiée', { exact: true }).waitFor();
    await expect(page.getByRole('heading', { name: NOTICE }).count()).resolves.toBe(0);
    await context.close();
  });

  it('shows an unverified member the notice, whose button sends a new link', async () => {
    const member = await createMember(suite.site, { verified: false });
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    const notice = page.getByRole('region', { name: NOTICE });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Renvoyer le mail' }).click();
    await notice.getByText("Mail envoyé : ouvre le lien qu'il contient (valable 48 heures).").waitFor();
    await expect
      .poll(
        () =>
          suite.site.mailbox.messages.filter(
            (mail) => mail.recipients.includes(member.email) && mail.parsed.subject === 'Confirme ton adresse mail',
          ).length,
      )
      .toBe(2);
    await context.close();
  });

  it('says a used link no longer works, and tells a signed-out visitor to sign in for a new one', async () => {
    const member = await createMember(suite.site);
    // createMember opened the link already: 410.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [410] });
    await page.goto(await verificationLinkPath(suite.site, member.email));
    await page.getByRole('heading', { level: 1, name: 'Ce lien ne fonctionne plus' }).waitFor();
    await page.getByRole('alert').getByText(errorCatalogue['users/verification-link-used']).waitFor();
    await page.getByText(/connecte-toi : le bouton « Renvoyer le mail » t'attend sur ton compte/).waitFor();
    await page.getByRole('link', { name: 'Me connecter' }).waitFor();
    await context.close();
  });

  it('changes the address from /account once the new one confirms it', async () => {
    const member = await createMember(suite.site);
    const newEmail = uniqueEmail('nouvelle');
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    await page.getByLabel('Nouvelle adresse mail').fill(newEmail);
    await page.getByLabel('Mot de passe (pour confirmer)').fill(member.password);
    await page.getByRole('button', { name: "Changer d'adresse" }).click();
    await page.getByText(/Un lien de confirmation a été envoyé à/).waitFor();
    await suite.site.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === "Changement d'adresse mail demandé");

    // Rendering the link, as a curious recipient or a mail scanner that runs scripts would,
    // changes nothing: the page asks, and only the click confirms.
    const link = await verificationLinkPath(suite.site, newEmail, 'Confirme ta nouvelle adresse mail');
    const scanner = await openPage(suite.browser, suite.site.url);
    await scanner.page.goto(link);
    await scanner.page.getByRole('heading', { level: 1, name: "Changement d'adresse mail" }).waitFor();
    await scanner.context.close();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: "Changement d'adresse mail" }).waitFor();
    await page.getByText(`Confirmer que ${newEmail} devient l'adresse du compte ${member.username} ?`).waitFor();
    expect(await axeViolations(page, link)).toEqual([]);
    await shoot(page, 'accounts-verification-change-question');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.email).toBe(member.email);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nouvelle adresse confirmée' }).waitFor();
    // The answer's heading has the focus the button had.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Nouvelle adresse confirmée');
    await page.locator('#contenu').getByRole('link', { name: 'Mon compte' }).click();
    await page.getByText(newEmail, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, newEmail, member.password);
    await page.getByText('Salut Léa 👋').waitFor();
    await context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const member = await createMember(suite.site, { verified: false, firstname: 'Camille', lastname: 'Nguyen-Dubois' });
      // The link opened twice: the second time it is spent (410).
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport, { expectedStatuses: [410] });
      await signIn(page, member.email, member.password);
      await page.getByRole('heading', { name: NOTICE }).waitFor();
      await shoot(page, `accounts-verification-notice-${viewport}`);
      expect(await axeViolations(page, '/account')).toEqual([]);
      const link = await verificationLinkPath(suite.site, member.email);
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Adresse mail vérifiée' }).waitFor();
      await shoot(page, `accounts-verification-verified-${viewport}`);
      expect(await axeViolations(page, link)).toEqual([]);
      await page.reload();
      // Spent, but for this very member's verified address: good news, no error box.
      await page.getByRole('heading', { level: 1, name: 'Adresse mail déjà vérifiée' }).waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await shoot(page, `accounts-verification-spent-${viewport}`);
      expect(await axeViolations(page, link)).toEqual([]);
      await context.close();
    }
  });
});
