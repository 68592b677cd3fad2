import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { axeViolations } from './support/axe';
import { browserAvailable, downloadedText, openPage } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`survey results and settings ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  /** A signed-in API session (cookie header) for seeding answers without the suite.browser. */
  async function session(email: string, password: string): Promise<string> {
    const response = await fetch(`${suite.site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie()[0].split(';')[0];
  }

  async function post(path: string, cookie: string, body: unknown) {
    const response = await fetch(`${suite.site.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  async function answer(surveyId: 'pre-use' | 'post-use', responses: Record<string, unknown>) {
    const member = await createMember(suite.site);
    const cookie = await session(member.email, member.password);
    const { uuid } = await (await fetch(`${suite.site.url}/api/auth/me`, { headers: { cookie } })).json();
    if (surveyId === 'post-use')
      await post('/api/admin/past-trips', await session(ADMIN.email, ADMIN.password), { email: member.email });
    await post('/api/fn/users-submitSurvey', cookie, { surveyId, userId: uuid, responses });
  }

  it('changes the bonus amount, which the pre-use survey then shows', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/settings');
    const field = page.getByLabel('Montant du bonus (en €)');
    expect(await field.inputValue()).toBe('5');
    await field.fill('1500');
    await page.getByText(/Indique un montant entre 0 et 1000/).waitFor();
    await field.fill('7,50');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le bonus est maintenant de 7,50\u00a0€.').waitFor();
    await shoot(page, 'surveys-admin-settings-mobile');

    const desktop = await openPage(suite.browser, suite.site.url);
    await signIn(desktop.page, ADMIN.email, ADMIN.password, '/admin/settings');
    expect(await desktop.page.getByLabel('Montant du bonus (en €)').inputValue()).toBe('7,50');
    await shoot(desktop.page, 'surveys-admin-settings-desktop');

    const member = await createMember(suite.site);
    const visitor = await openPage(suite.browser, suite.site.url);
    await signIn(visitor.page, member.email, member.password, '/calshare/surveys/pre-use');
    await visitor.page.getByText('un bonus de 7,50\u00a0€').waitFor();
    for (const opened of [desktop, visitor]) await opened.context.close();
    await context.close();
  });

  it('shows the answers with their distributions, mean rating and texts, and exports them as CSV', async () => {
    await answer('pre-use', {
      heard: ['Instagram', 'Événement'],
      reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Voir du pays ; "enfin"' },
      'wont-use': { value: ['Le prix du trajet'] },
      expectations: 'Des trajets fiables',
    });
    await answer('pre-use', {
      heard: ['Instagram'],
      reasons: { value: ['Réduire mon empreinte carbone'] },
      'wont-use': { value: ['Autre'], subValue: 'Mon chien vient avec moi' },
      expectations: '=1+1 et rencontrer du monde',
    });
    await answer('post-use', {
      'experience-rating': 4,
      expectations: { value: false, subValue: 'Pas assez de conducteurs' },
      useful: true,
      suggestion: 'Une carte des départs',
      'word-of-mouth': { value: true },
    });

    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/surveys');
      const preUse = page.getByRole('region', { name: 'Questionnaire avant utilisation' });
      await preUse.getByText('2 réponses', { exact: true }).first().waitFor();
      const heard = preUse.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /entendu parler/ }) });
      expect(await heard.getByRole('listitem').filter({ hasText: 'Instagram' }).textContent()).toMatch(/Instagram2 \(100\s%\)/);
      expect(await heard.getByRole('listitem').filter({ hasText: 'TikTok' }).textContent()).toMatch(/TikTok0 \(0\s%\)/);
      await preUse.getByText('Voir du pays ; "enfin"').waitFor();
      await preUse.getByText('Mon chien vient avec moi').waitFor();
      await preUse.getByText('=1+1 et rencontrer du monde').waitFor();

      const postUse = page.getByRole('region', { name: 'Questionnaire après utilisation' });
      await postUse.getByText('1 réponse', { exact: true }).first().waitFor();
      expect(await postUse.locator('.question-results__mean').textContent()).toBe('Note moyenne : 4 / 5');
      await postUse.getByText('Pas assez de conducteurs').waitFor();
      await shoot(page, `surveys-admin-results-${viewport}`);

      if (viewport === 'desktop') {
        const download = page.waitForEvent('download');
        await preUse.getByRole('link', { name: /Exporter en CSV/ }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^questionnaire-pre-use-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = await downloadedText(file);
        expect(csv.startsWith('\uFEFFDate;')).toBe(true);
        const rows = csv.slice(1).split('\r\n').filter(Boolean);
        expect(rows).toHaveLength(3);
        expect(csv).toContain('"Voir du pays ; ""enfin"""');
        // A formula is defused for the spreadsheet.
        expect(csv).toContain(";'=1+1 et rencontrer du monde\r\n");
        expect(csv).toContain('Instagram | Événement');
      }
      await context.close();
    }
  });

  it('shows the free texts a page at a time: “Voir plus” adds the next ones and moves focus to them', async () => {
    // Ten answers to the text question in all: the first eight come with the results.
    for (let index = 1; index <= 8; index++) {
      await answer('pre-use', {
        heard: ['YouTube'],
        reasons: { value: ['Partager les frais de route'] },
        'wont-use': { value: ['Le prix du trajet'] },
        expectations: `Attente de la page n°${index}`,
      });
    }
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/surveys');
      const preUse = page.getByRole('region', { name: 'Questionnaire avant utilisation' });
      const question = preUse.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Qu'attends-tu/ }) });
      await question.getByRole('heading', { name: 'Réponses (10)' }).waitFor();
      const texts = question.locator('.text-answers__list > li');
      expect(await texts.count()).toBe(8);
      await question.getByText('8 affichées sur 10').waitFor();
      await shoot(page, `surveys-admin-texts-${viewport}`);
      expect(await axeViolations(page, '/admin/surveys')).toEqual([]);

      const more = question.getByRole('button', { name: /^Voir plus : Qu'attends-tu/ });
      await more.focus();
      await page.keyboard.press('Enter');
      await texts.nth(9).waitFor();
      expect(await texts.count()).toBe(10);
      // The button is gone with the last page; focus went to the first text added.
      expect(await question.getByRole('button', { name: /^Voir plus/ }).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest('.text-answers__list') !== null)).toBe(true);
      const all = await texts.allTextContents();
      expect(new Set(all).size).toBe(10);
      for (const text of ['Des trajets fiables', '=1+1 et rencontrer du monde', 'Attente de la page n°1', 'Attente de la page n°8']) expect(all).toContain(text);
      await shoot(page, `surveys-admin-texts-all-${viewport}`);
      await context.close();
    }
  });
});
