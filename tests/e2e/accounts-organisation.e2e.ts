import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/messages';
import { PASSWORD, shoot, signIn, SITE_ENV, uniqueEmail, unexpected } from './accounts-support';
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

  it('refuses an organisation whose e-mail is not on the allowlist', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
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
    expect(unexpected(club.errors)).toEqual([]);
    await club.context.close();

    await admin.page.reload();
    await allowlist.getByText('Compte créé').waitFor();
    await admin.page.getByRole('rowheader', { name: 'Rugby Club Nord' }).waitFor();
    expect(unexpected(admin.errors)).toEqual([]);
    await admin.context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, errors, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/join_as_organisation');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Club-2025');
      await shoot(page, `accounts-join_as_organisation-${viewport}`);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin');
      await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
      await shoot(page, `accounts-admin-${viewport}`);
      await page.goto('/admin/organisations');
      await page.getByRole('heading', { level: 2, name: 'Organisations inscrites' }).waitFor();
      await shoot(page, `accounts-admin-organisations-${viewport}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    }
  });
});
