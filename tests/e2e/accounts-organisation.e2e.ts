import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/messages';
import { createMember, PASSWORD, shoot, signIn, SITE_ENV, uniqueEmail, verificationLinkPath } from './accounts-support';
import { proofOfWork } from './support/proof-of-work';
import { browserAvailable, openPage, VIEWPORTS } from './support/browser';
import { ADMIN } from './support/site';
import type { Page } from 'playwright-core';
import { siteAndBrowser } from './support/suite';

async function fillOrganisationForm(page: Page, email: string, name: string, { newsletter = false } = {}) {
  await page.goto('/join_as_organisation');
  await page.getByLabel('Adresse mail', { exact: true }).fill(email);
  await page.getByLabel("Nom de l'organisation").fill(name);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
  const create = page.getByRole('button', { name: 'Créer le compte organisation' });
  await expect(create.getAttribute('aria-disabled')).resolves.toBe('true');
  await page.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ }).check();
  await expect(create.getAttribute('aria-disabled')).resolves.toBeNull();
  const newsletterBox = page.getByRole('checkbox', { name: 'Recevoir la newsletter' });
  await expect(newsletterBox.isChecked()).resolves.toBe(false);
  if (newsletter) await newsletterBox.check();
  await create.click();
}

describe.skipIf(!browserAvailable())(`accounts: organisations and admin ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  /** What the public organisations guide lists now. */
  const guideNames = async () => {
    const response = await fetch(`${suite.site.url}/api/fn/users-getOrganisations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return ((await response.json()) as { data: { username: string }[] }).data.map((item) => item.username);
  };

  /** A fresh address on the allowlist, added by the admin through the API. */
  async function allowedAddress(prefix: string) {
    const email = uniqueEmail(prefix);
    const login = await fetch(`${suite.site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const allowed = await fetch(`${suite.site.url}/api/admin/organisations/allowlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email }),
    });
    expect(allowed.status, await allowed.text()).toBe(204);
    return email;
  }

  it('refuses an organisation whose e-mail is not on the allowlist', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [403] });
    await page.goto('/join_as_organisation');
    await page.getByRole('link', { name: 'contact@example.org' }).waitFor();
    await fillOrganisationForm(page, uniqueEmail('club'), 'Club Refusé');
    await page.getByRole('alert').getByText(errorCatalogue['users/email-unauthorized']).waitFor();
    expect(new URL(page.url()).pathname).toBe('/join_as_organisation');
    await context.close();
  });

  it('lets the admin allow an e-mail, then the organisation registers with it', async () => {
    const email = uniqueEmail('rugby');
    const admin = await openPage(suite.browser, suite.site.url);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin');
    await admin.page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    for (const path of ['/admin/moderation', '/admin/organisations', '/admin/surveys', '/admin/settings', '/admin/newsletter-editor']) {
      expect(await admin.page.locator(`a[href="${path}"]`).count(), path).toBe(1);
    }
    await admin.page.getByRole('link', { name: 'Organisations' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Organisations' }).waitFor();
    await admin.page.getByText('Aucune adresse autorisée pour le moment.').waitFor();
    await admin.page.getByLabel('Adresse mail', { exact: true }).fill(email.toUpperCase());
    await admin.page.getByRole('button', { name: 'Autoriser' }).click();
    const allowlist = admin.page.getByRole('list', { name: 'Adresses autorisées' });
    await allowlist.getByText(email, { exact: true }).waitFor();
    // A second address, removed again.
    await admin.page.getByLabel('Adresse mail', { exact: true }).fill('erreur@exemple.fr');
    await admin.page.getByRole('button', { name: 'Autoriser' }).click();
    await allowlist.getByText('erreur@exemple.fr', { exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'Retirer erreur@exemple.fr' }).click();
    await allowlist.getByText('erreur@exemple.fr', { exact: true }).waitFor({ state: 'detached' });
    await shoot(admin.page, 'accounts-admin-organisations-desktop');

    const club = await openPage(suite.browser, suite.site.url);
    await fillOrganisationForm(club.page, email, 'Rugby Club Nord', { newsletter: true });
    await club.page.waitForURL((url) => url.pathname === '/account');
    await club.page.getByRole('heading', { level: 1, name: 'Rugby Club Nord', exact: true }).waitFor();
    await club.page.getByText('Bonjour Rugby Club Nord 👋').waitFor();
    // The handle line; the address also shows in the verification notice and the e-mail form.
    await club.page.locator('.profile-card__handle').getByText(email, { exact: true }).waitFor();
    await club.page.getByRole('region', { name: 'Vérifie ton adresse mail' }).waitFor();
    await expect(club.page.getByRole('checkbox', { name: 'Recevoir la newsletter' }).isChecked()).resolves.toBe(true);
    await club.context.close();

    // Not registered, nor in the public guide, until the organisation proves its address.
    await admin.page.reload();
    await allowlist.getByText('Adresse pas encore confirmée').waitFor();
    expect(await admin.page.getByRole('rowheader', { name: 'Rugby Club Nord' }).count()).toBe(0);
    expect(await guideNames()).not.toContain('Rugby Club Nord');
    const inbox = await openPage(suite.browser, suite.site.url);
    await inbox.page.goto(await verificationLinkPath(suite.site, email));
    await inbox.page.getByRole('heading', { level: 1, name: 'Adresse mail vérifiée' }).waitFor();
    await inbox.context.close();

    await admin.page.reload();
    await allowlist.getByText('Compte créé').waitFor();
    await admin.page.getByRole('rowheader', { name: 'Rugby Club Nord' }).waitFor();
    await admin.context.close();
    const visitor = await openPage(suite.browser, suite.site.url);
    await visitor.page.goto('/calshare/organisations');
    await visitor.page.getByRole('group', { name: 'Organisations inscrites' }).getByText('Rugby Club Nord').first().waitFor();
    await visitor.context.close();
  });

  it('gives the address to the organisation that opens its link, when someone registered it first', async () => {
    const email = await allowedAddress('squat');
    const squatter = await fetch(`${suite.site.url}/api/fn/users-registerOrganisation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, username: 'Tennis Club Sud', pwd: 'Squatteur-2025!', ...(await proofOfWork(suite.site.url)) }),
    });
    expect(squatter.status).toBe(200);

    const club = await openPage(suite.browser, suite.site.url);
    await fillOrganisationForm(club.page, email, 'Tennis Club Sud');
    await club.page.getByRole('heading', { name: 'Ouvrez le lien reçu par mail' }).waitFor();
    await club.page.getByText("il crée le compte « Tennis Club Sud » et supprime l'autre", { exact: false }).waitFor();
    expect(new URL(club.page.url()).pathname).toBe('/join_as_organisation');
    await shoot(club.page, 'accounts-organisation-claim-mailed-desktop');

    await club.page.goto(await verificationLinkPath(suite.site, email, 'Confirme ton compte organisation'));
    await club.page.getByRole('heading', { level: 1, name: 'Adresse mail vérifiée' }).waitFor();
    await signIn(club.page, email, PASSWORD);
    await club.page.getByRole('heading', { level: 1, name: 'Tennis Club Sud', exact: true }).waitFor();
    // Its own account, verified by the link: no notice to verify.
    expect(await club.page.getByRole('region', { name: 'Vérifie ton adresse mail' }).count()).toBe(0);
    await club.context.close();
  });

  it('lets an organisation change its name from /account, with the error under the field', async () => {
    const email = await allowedAddress('renomme');
    const registered = await fetch(`${suite.site.url}/api/fn/users-registerOrganisation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, username: 'Clubb de Voile', pwd: PASSWORD, ...(await proofOfWork(suite.site.url)) }),
    });
    expect(registered.status).toBe(200);
    const token = (await verificationLinkPath(suite.site, email)).split('/').pop();
    await fetch(`${suite.site.url}/api/auth/verify-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const taken = await createMember(suite.site);

    // The name is taken.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [409] });
    await signIn(page, email, PASSWORD);
    const section = page.getByRole('region', { name: "Nom de l'organisation" });
    const field = section.getByRole('textbox', { name: "Nom de l'organisation" });
    await expect(field.inputValue()).resolves.toBe('Clubb de Voile');
    await field.fill(taken.username);
    await section.getByRole('button', { name: 'Enregistrer le nom' }).click();
    const describedBy = async () => {
      const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
      return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    };
    await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await describedBy()).toContain(errorCatalogue['users/username-already-taken']);
    await shoot(page, 'accounts-organisation-name-taken-desktop');

    await field.fill('Club de Voile');
    await section.getByRole('button', { name: 'Enregistrer le nom' }).click();
    await section.getByText('Nom enregistré.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Club de Voile', exact: true }).waitFor();
    expect(await guideNames()).toContain('Club de Voile');
    expect(await guideNames()).not.toContain('Clubb de Voile');
    await context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/join_as_organisation');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Club-2025');
      await shoot(page, `accounts-join_as_organisation-${viewport}`);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin');
      await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
      await shoot(page, `accounts-admin-${viewport}`);
      await page.goto('/admin/organisations');
      await page.getByRole('heading', { level: 2, name: 'Organisations inscrites' }).waitFor();
      await shoot(page, `accounts-admin-organisations-${viewport}`);
      await context.close();
    }
  });
});
