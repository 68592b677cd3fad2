import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const MEMBERS = 24;
const TITLE = 'Les nouvelles de mars';

describe.skipIf(!browserAvailable())(`newsletter editor ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  const members: Member[] = [];

  beforeAll(async () => {
    for (let index = 0; index < MEMBERS; index += 1) members.push(await createMember(suite.site, { firstname: `Lecteur${index}`, newsletter: true }));
  });

  it('previews the e-mail, sends a test, then sends to every person with a live progress bar', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/newsletter-editor');
    await page.getByRole('heading', { level: 1, name: 'Newsletter' }).waitFor();
    expect(await page.getByLabel('Les deux').isChecked()).toBe(true);

    await page.getByLabel('Titre').fill(TITLE);
    await page.getByLabel('Description').fill('Un tournoi, une sortie vélo et des nouvelles de l’app');
    await page
      .getByLabel('Contenu')
      .fill(
        '## Au programme\n\n- Un **tournoi de foot** le 12 avril\n- Une sortie vélo le 20\n\n> Le sport rassemble.\n\nToutes les infos sur [le suite.site](https://exemple.fr).',
      );
    const preview = page.frameLocator('iframe[title="Aperçu du mail"]');
    await preview.getByRole('heading', { name: TITLE }).waitFor();
    await preview.getByText('tournoi de foot').waitFor();
    await preview.getByText('Bonjour Admin,').waitFor();

    await page.getByLabel('Mail de test').fill('relecture@exemple.fr');
    await page.getByRole('button', { name: 'Envoyer un mail de test' }).click();
    const testSent = page.getByText('Message test bien envoyé !');
    await testSent.waitFor();
    const shownAt = Date.now();
    const test = await suite.site.mailbox.waitFor('relecture@exemple.fr');
    expect(test.parsed.subject).toBe(`[TEST] ${TITLE}`);
    await shoot(page, 'newsletter-editor-test-sent-desktop');
    await testSent.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);

    await page.getByLabel('Utilisateurs').check();
    await page.getByRole('button', { name: 'Envoyer à tous' }).click();
    // Every subscribed person: the members (the bootstrapped admin starts unsubscribed).
    const confirmation = page.getByRole('group', { name: `Envoyer « ${TITLE} » à ${MEMBERS} destinataires (utilisateurs) ?` });
    await confirmation.waitFor();
    await shoot(page, 'newsletter-editor-confirm-desktop');
    // A double click, as a hurried admin would: one newsletter, one copy each (checked below).
    await confirmation.getByRole('button', { name: "Confirmer l'envoi" }).dblclick();
    await page.getByText('Newsletter envoyée !').waitFor();
    // Sent: the editor is empty again, and its draft forgotten.
    expect(await page.getByLabel('Titre').inputValue()).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('unissons.newsletter-draft.')))).toEqual([]);

    // 10 mails a second: the bar moves for a couple of seconds, live.
    const progress = page.getByRole('progressbar', { name: `Progression de l'envoi « ${TITLE} »` });
    await page.getByText('Envoi en cours').waitFor();
    await shoot(page, 'newsletter-editor-sending-desktop');
    await page.getByText(`${MEMBERS} envoyés · 0 échec · ${MEMBERS} destinataires`).waitFor({ timeout: 20_000 });
    expect(await progress.getAttribute('value')).toBe(String(MEMBERS));
    await page.getByText('Terminé', { exact: true }).waitFor();
    await shoot(page, 'newsletter-editor-sent-desktop');

    const sent = suite.site.mailbox.messages.filter((mail) => mail.parsed.subject === TITLE);
    expect(sent).toHaveLength(MEMBERS);
    for (const member of members) {
      const copies = sent.filter((mail) => mail.recipients.includes(member.email.toLowerCase()));
      expect(copies).toHaveLength(1);
    }
    await context.close();
  });

  it('works on a phone: the preview comes before “Envoyer à tous”, and the draft survives a reload and asks before leaving', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/newsletter-editor');
    await page.getByLabel('Titre').fill('Édition spéciale');
    await page.getByLabel('Contenu').fill('Bonjour à **tous** !');
    await page.frameLocator('iframe[title="Aperçu du mail"]').getByRole('heading', { name: 'Édition spéciale' }).waitFor();
    await page.getByText(`${MEMBERS} envoyés`).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const [previewBox, sendBox] = await Promise.all([page.locator('.newsletter-preview').boundingBox(), page.getByRole('button', { name: 'Envoyer à tous' }).boundingBox()]);
    expect(previewBox!.y + previewBox!.height).toBeLessThanOrEqual(sendBox!.y);
    await shoot(page, 'newsletter-editor-mobile');
    // The preview on its own, scrolled into view (full-page captures leave iframes blank).
    await screenshot(page.locator('.newsletter-preview'), 'newsletter-editor-preview-mobile');

    // A reload: the browser asks first, and the letter comes back.
    const asked: string[] = [];
    page.once('dialog', (dialog) => void (asked.push(dialog.type()), dialog.accept()));
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await page.getByText(/^Brouillon restauré/).waitFor();
    expect(await page.getByLabel('Titre').inputValue()).toBe('Édition spéciale');
    expect(await page.getByLabel('Contenu').inputValue()).toBe('Bonjour à **tous** !');
    await screenshot(page.locator('.newsletter-editor__restored'), 'newsletter-editor-restored-mobile');

    // A link of the site: the page asks, and staying keeps everything.
    await page.getByRole('link', { name: 'Administration', exact: true }).first().click();
    const leaving = page.getByRole('dialog', { name: "Quitter l'éditeur ?" });
    await leaving.waitFor();
    await screenshot(page, 'newsletter-editor-leave-mobile', { fullPage: false });
    await leaving.getByRole('button', { name: 'Annuler' }).click();
    await leaving.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Titre').inputValue()).toBe('Édition spéciale');

    // Discarded: nothing comes back, and nothing holds the admin on the page.
    await page.getByRole('button', { name: 'Effacer le brouillon' }).click();
    expect(await page.getByLabel('Contenu').inputValue()).toBe('');
    await page.reload();
    await page.getByLabel('Titre').waitFor();
    expect(await page.getByText(/^Brouillon restauré/).count()).toBe(0);
    await context.close();
  });
});
