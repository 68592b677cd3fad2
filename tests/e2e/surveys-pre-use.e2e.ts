import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage, VIEWPORTS } from './support/browser';
import { siteAndBrowser } from './support/suite';

const PATH = '/calshare/surveys/pre-use';

describe.skipIf(!browserAvailable())(`pre-use survey ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  const group = (page: Page, name: RegExp) => page.getByRole('group', { name });

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    it(`is answered once, with missing answers and the 'Autre' follow-up (${viewport})`, async () => {
      const member = await createMember(suite.site);
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      const submits: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/fn/users-submitSurvey')) submits.push(request.postData() ?? '');
      });
      await signIn(page, member.email, member.password, PATH);

      // Header texts of spec §2 and the bonus read from the database (5 € by default).
      await page.getByRole('heading', { level: 1, name: 'Questionnaire avant utilisation' }).waitFor();
      await page.getByText('un bonus de 5\u00a0€').waitFor();
      const intro = await page.locator('.survey-intro').textContent();
      expect(intro).toContain('Ce questionnaire est anonyme');
      expect(intro).toContain('La connexion sert uniquement à éviter les réponses multiples');
      expect(intro).toContain('premier trajet en tant que passager');
      expect(await page.getByText("Les questions marquées d'un *", { exact: false }).count()).toBe(1);
      await shoot(page, `surveys-pre-use-form-${viewport}`);

      // Nothing answered: the spec's message, nothing sent.
      await page.getByRole('button', { name: 'Envoyer' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText('Des réponses sont manquantes !').waitFor();
      expect(await alert.getByRole('link', { name: /^Question/ }).count()).toBe(4);
      expect(submits).toEqual([]);
      await shoot(page, `surveys-pre-use-missing-${viewport}`);

      // The summary's link takes the keyboard to the question.
      await alert.getByRole('link', { name: /^Question 3/ }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('question-wont-use');

      await group(page, /entendu parler/)
        .getByLabel('Bouche à oreille')
        .check();
      await group(page, /entendu parler/)
        .getByLabel('TikTok')
        .check();
      const reasons = group(page, /quelles raisons/);
      await reasons.getByLabel('Partager les frais de route').check();
      const followUp = page.getByLabel(/Quelle autre raison\s\?/);
      expect(await followUp.count()).toBe(0);
      await reasons.getByLabel('Autre', { exact: true }).check();
      await followUp.waitFor();
      await group(page, /te freiner/)
        .getByLabel('Le prix du trajet')
        .check();
      await page.getByLabel(/Qu'attends-tu de l'application/).fill('Trouver un trajet pour chaque match de mon club.');

      // The follow-up is mandatory too.
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText('Précise ta réponse juste en dessous.').waitFor();
      expect(submits).toEqual([]);
      await followUp.fill('Aller aux tournois avec ma sœur');
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.getByRole('heading', { name: 'Merci pour tes réponses !' }).waitFor();
      expect(JSON.parse(submits[0])).toMatchObject({
        surveyId: 'pre-use',
        responses: {
          heard: ['Bouche à oreille', 'TikTok'],
          reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Aller aux tournois avec ma sœur' },
          'wont-use': { value: ['Le prix du trajet'] },
          expectations: 'Trouver un trajet pour chaque match de mon club.',
        },
      });
      expect(await page.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/calshare');
      await shoot(page, `surveys-pre-use-thanks-${viewport}`);

      // Later: already answered, shown as submitted.
      await page.reload();
      await page.getByRole('heading', { name: 'Tu as déjà répondu à ce questionnaire' }).waitFor();
      expect(await page.getByRole('button', { name: 'Envoyer' }).count()).toBe(0);
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await page.waitForURL('**/calshare');

      await context.close();
    });
  }

  it('sends the same answers only once from two tabs', async () => {
    const member = await createMember(suite.site);
    // The second tab's answers: already given.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [409] });
    await signIn(page, member.email, member.password, PATH);
    const second = await context.newPage();
    await second.goto(PATH);
    for (const tab of [page, second]) {
      await group(tab, /entendu parler/)
        .getByLabel('Instagram')
        .check();
      await group(tab, /quelles raisons/)
        .getByLabel('Réduire mon empreinte carbone')
        .check();
      await group(tab, /te freiner/)
        .getByLabel("Rien, je suis prêt(e) à l'utiliser !")
        .check();
      await tab.getByLabel(/Qu'attends-tu de l'application/).fill('Moins de voitures vides sur la route.');
    }
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('heading', { name: 'Merci pour tes réponses !' }).waitFor();
    await second.getByRole('button', { name: 'Envoyer' }).click();
    await second.getByRole('alert').getByText('Tu as déjà répondu à ce sondage !').waitFor();
    expect(await second.getByLabel(/Qu'attends-tu de l'application/).inputValue()).toBe('Moins de voitures vides sur la route.');
    await shoot(second, 'surveys-pre-use-already-answered-desktop');
    await context.close();
  });
});
