import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/messages';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, downloadedText, openPage, VIEWPORTS } from './support/browser';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`accounts: the account page ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('edits the bio, which stays after a reload', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    await page.getByText('Pas encore de bio.').waitFor();
    const bio = page.getByRole('textbox', { name: 'Bio' });
    await bio.fill('Trail le dimanche,\nvélo la semaine.');
    await page.getByText('35/300').waitFor();
    await page.getByRole('button', { name: 'Enregistrer la bio' }).click();
    await page.getByText('Bio enregistrée.').waitFor();
    await page.reload();
    await expect(page.locator('.profile-card__bio').textContent()).resolves.toBe('Trail le dimanche,\nvélo la semaine.');
    await expect(page.getByRole('textbox', { name: 'Bio' }).inputValue()).resolves.toBe('Trail le dimanche,\nvélo la semaine.');
    await context.close();
  });

  it('uploads and removes a profile picture', async () => {
    const member = await createMember(suite.site, { firstname: 'Nina', lastname: 'Roux' });
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    const picture = page.getByRole('img', { name: 'Photo de profil de Nina Roux' });
    await expect(picture.textContent()).resolves.toBe('NR');

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff7a1a' } }).png().toBuffer();
    await page.getByLabel('Photo de profil', { exact: true }).setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Aperçu de la nouvelle photo' }).waitFor();
    await expect(page.getByText('moi.png').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Enregistrer la photo' }).click();
    await page.getByText('Photo de profil enregistrée.').waitFor();
    const src = await page.locator('img.account-avatar').getAttribute('src');
    expect(src).toBeTruthy();
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/');

    await page.getByLabel('Photo de profil', { exact: true }).setInputFiles({ name: 'texte.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await page.getByText('Choisis une image PNG, JPEG ou WebP.').waitFor();

    await page.getByRole('button', { name: 'Retirer la photo' }).click();
    await page.getByText('Photo retirée.').waitFor();
    await expect(page.getByRole('img', { name: 'Photo de profil de Nina Roux' }).textContent()).resolves.toBe('NR');
    await context.close();
  });

  it('changes the password, asking the current one', async () => {
    const member = await createMember(suite.site);
    // A wrong current password first.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [401] });
    await signIn(page, member.email, member.password);
    const newPassword = 'Encore-Mieux-2026!';
    await page.getByLabel('Mot de passe actuel').fill('Pas-le-bon-2025!');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/wrong-password']).waitFor();

    await page.getByLabel('Mot de passe actuel').fill(member.password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Ton nouveau mot de passe est enregistré.').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, member.email, newPassword);
    await page.getByText('Salut Léa 👋').waitFor();
    await context.close();
  });

  it('downloads the member data as JSON', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await downloadedText(download));
    expect(data.account.email).toBe(member.email);
    expect(data.account.username).toBe(member.username);
    await context.close();
  });

  it('deletes the account after confirming with the password', async () => {
    const member = await createMember(suite.site);
    // A wrong password first, and the deleted account's sign-in at the end.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [401, 404] });
    await signIn(page, member.email, member.password);
    await page.getByText(/signé « Inconnu »/).waitFor();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const confirm = page.getByLabel('Confirme avec ton mot de passe');
    await confirm.fill('Pas-le-bon-2025!');
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/wrong-password']).waitFor();

    await confirm.fill(member.password);
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/account');
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/user-not-found']).waitFor();
    await context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    const member = await createMember(suite.site, { firstname: 'Camille', lastname: 'Nguyen-Dubois' });
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, member.email, member.password);
      await page.getByText('Salut Camille 👋').waitFor();
      await shoot(page, `accounts-account-${viewport}`);
      await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await page.getByLabel('Confirme avec ton mot de passe').waitFor();
      await shoot(page, `accounts-account-delete-${viewport}`);
      await context.close();
    }
  });
});
