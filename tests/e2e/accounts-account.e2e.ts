import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PICTURE_MAX_BYTES } from '../../src/shared/accounts';
import { errorCatalogue } from '../../src/shared/messages';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, downloadedText, openPage, screenshot, VIEWPORTS } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

/** The text of what holds the focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

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

  it('on a phone, shrinks a photo from the camera before sending it, and after each save moves the focus to its confirmation with no tooltip over it', async () => {
    const member = await createMember(suite.site, { firstname: 'Inès', lastname: 'Petit' });
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, member.email, member.password);
    const tooltips = page.getByRole('tooltip');

    // A phone's 12 megapixels, of random noise, which JPEG cannot make light: heavier than
    // the server takes (about 4.5 MB; quicker to make than sharp's own noise).
    const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 50 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(PICTURE_MAX_BYTES);
    await page.getByLabel('Photo de profil', { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText(/^Ta photo \(\d+(,\d)?\u00a0Mo\) a été réduite à 1280\u00a0×\u00a0960 pixels \([\d\u202f]+(,\d)?\u00a0(Ko|Mo)\) pour l'envoi\.$/).waitFor();
    expect(await page.getByText(/trop lourde/).count()).toBe(0);
    await page.getByRole('img', { name: 'Aperçu de la nouvelle photo' }).waitFor();
    await screenshot(page.getByRole('region', { name: 'Ma photo' }), 'accounts-account-picture-shrunk-mobile');
    await page.getByRole('button', { name: 'Enregistrer la photo' }).tap();
    await page.getByText('Photo de profil enregistrée.').waitFor();
    await expect.poll(() => focusedText(page)).toBe('Photo de profil enregistrée.');
    expect(await tooltips.count()).toBe(0);
    const src = await page.locator('img.account-avatar').getAttribute('src');
    expect((await page.request.get(src!)).status()).toBe(200);
    await shoot(page, 'accounts-account-picture-saved-mobile');
    // The button the save left not enabled still explains itself when pressed (force: it is
    // aria-disabled, which Playwright would wait out).
    await page.getByRole('button', { name: 'Enregistrer la photo' }).tap({ force: true });
    await tooltips.waitFor();

    const newPassword = 'Encore-Mieux-2026!';
    await page.getByLabel('Mot de passe actuel').fill(member.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).tap();
    await page.getByText('Ton nouveau mot de passe est enregistré.').waitFor();
    await expect.poll(() => focusedText(page)).toBe('Ton nouveau mot de passe est enregistré.');
    expect(await tooltips.count()).toBe(0);

    const newEmail = `nouvelle.${member.email}`;
    await page.getByLabel('Nouvelle adresse mail').fill(newEmail);
    await page.getByLabel('Mot de passe (pour confirmer)').fill(newPassword);
    await page.getByRole('button', { name: "Changer d'adresse" }).tap();
    await expect.poll(() => focusedText(page)).toMatch(/^Un lien de confirmation a été envoyé à/);
    expect(await tooltips.count()).toBe(0);
    await context.close();
  });

  it('on a phone, leads the member to the survey open to them, then says they answered it; moderators and admins find the administration', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, member.email, member.password);
    const invitation = page.getByRole('region', { name: 'Ton avis sur CalShare' });
    const preUse = invitation.getByRole('link', { name: 'Répondre au questionnaire avant utilisation' });
    await preUse.waitFor();
    // On the page, not in the site's menu, which has its own.
    const administration = (on: Page) => on.getByRole('main').getByRole('link', { name: 'Administration' });
    expect(await administration(page).count()).toBe(0);
    await shoot(page, 'accounts-account-survey-invitation-mobile');
    await preUse.click();
    await page.waitForURL((url) => url.pathname === '/calshare/surveys/pre-use');
    await page.getByRole('button', { name: 'Envoyer' }).waitFor();

    // Answered (the surveys' own specs fill the form): the thanks say what comes next.
    const { uuid } = await (await page.request.get('/api/auth/me')).json();
    const answered = await page.request.post('/api/fn/users-submitSurvey', {
      data: {
        surveyId: 'pre-use',
        userId: uuid,
        responses: { heard: ['Instagram'], reasons: { value: ['Partager les frais de route'] }, 'wont-use': { value: ['Le prix du trajet'] }, expectations: 'Des trajets fiables' },
      },
    });
    expect(answered.status(), await answered.text()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Tu as déjà répondu à ce questionnaire' }).waitFor();
    await page.getByText(/le questionnaire après utilisation s'ouvrira pour toi/).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'ton compte' }).click();
    await invitation.getByText(/Tu as répondu au questionnaire avant utilisation\. Merci !/).waitFor();
    expect(await invitation.getByRole('link').count()).toBe(0);

    // An admin sees the link, marks the member's first trip and makes them a moderator.
    const admin = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    expect(await administration(admin.page).getAttribute('href')).toBe('/admin');
    expect((await admin.page.request.post('/api/admin/past-trips', { data: { email: member.email } })).status()).toBe(200);
    expect((await admin.page.request.post(`/api/admin/members/${uuid}/roles`, { data: { role: 'moderator', granted: true } })).status()).toBe(200);
    await admin.context.close();

    await page.reload();
    await invitation.getByRole('link', { name: 'Répondre au questionnaire après utilisation' }).waitFor();
    await administration(page).click();
    await page.waitForURL((url) => url.pathname === '/admin');
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

  it('deletes the account after confirming with the password, says so on a page of its own and by mail', async () => {
    const member = await createMember(suite.site);
    // A wrong password first, and the deleted account's sign-in at the end.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [401, 404] });
    await signIn(page, member.email, member.password);
    await page.getByText(/signé « Inconnu »/).waitFor();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const confirm = page.getByLabel('Confirme avec ton mot de passe');
    await confirm.fill('Pas-le-bon-2025!');
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/wrong-password']).waitFor();

    await confirm.fill(member.password);
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL((url) => url.pathname === '/compte-supprime');
    await page.getByRole('heading', { level: 1, name: 'Ton compte est supprimé' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Ton compte est supprimé');
    await page.getByRole('listitem').getByText(/s'il était déjà publié : il reste sur le mur, signé «\u00a0Inconnu\u00a0»/).waitFor();
    await shoot(page, 'accounts-account-deleted-mobile');

    const mail = await suite.site.mailbox.waitFor(member.email, (sent) => sent.parsed.subject === 'Ton compte a été supprimé');
    expect(mail.parsed.text).toContain('signé «\u00a0Inconnu\u00a0»');
    // No link that needs an account: the site's home and the contact address only.
    const links = [...(mail.parsed.html || '').matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
    expect(links.filter((href) => !href.startsWith('mailto:'))).toEqual([expect.stringMatching(/^https?:\/\/[^/]+\/$/)]);


    await page.goto('/account');
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/user-not-found']).waitFor();

    // Opened any other way than from the deletion, the page has nothing to say: home.
    await page.goto('/compte-supprime');
    await page.waitForURL((url) => url.pathname === '/');
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
