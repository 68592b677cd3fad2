import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage, VIEWPORTS } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const PATH = '/calshare/surveys/post-use';

describe.skipIf(!browserAvailable())(`post-use survey ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let admin: Page;

  beforeAll(async () => {
    admin = (await openPage(suite.browser, suite.site.url)).page;
    await signIn(admin, ADMIN.email, ADMIN.password, '/admin/surveys');
  });

  /** The admin's tool on /admin/surveys: find the member, mark "a fait un trajet". */
  async function markTrip(email: string) {
    await admin.goto('/admin/surveys');
    const tool = admin.getByRole('region', { name: 'Trajets effectués' });
    await tool.getByLabel('Adresse mail du membre').fill(email);
    await tool.getByRole('button', { name: 'Rechercher' }).click();
    await tool.getByText('Aucun trajet enregistré').waitFor();
    await tool.getByRole('button', { name: 'Marquer « a fait un trajet »' }).click();
    await tool.getByText(/^Trajet enregistré pour/).waitFor();
    await tool.getByText(/1 trajet enregistré/).waitFor();
  }

  const group = (page: Page, name: RegExp) => page.getByRole('group', { name });

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    it(`opens after a trip, takes a rating by keyboard, and is answered once (${viewport})`, async () => {
      const member = await createMember(suite.site);
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport, { context: { hasTouch: viewport === 'mobile' } });
      await signIn(page, member.email, member.password, PATH);

      // No trip yet: reserved (spec §4).
      await page.getByText('Ce questionnaire est réservé aux membres ayant déjà effectué un trajet.').waitFor();
      expect(await page.getByRole('button', { name: 'Envoyer' }).count()).toBe(0);
      await shoot(page, `surveys-post-use-reserved-${viewport}`);

      await markTrip(member.email);
      await page.reload();
      await page.getByRole('button', { name: 'Envoyer' }).waitFor();
      expect(await page.getByText(/bonus/).count()).toBe(0);

      // Missing answers first.
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByRole('alert').getByText('Des réponses sont manquantes !').waitFor();
      // The mouse that pressed 'Envoyer' rests away from the stars: the page scrolling under a
      // resting mouse makes it hover a star, whose preview would stand in for the keyboard's value.
      await page.mouse.move(0, 0);

      // The rating, by keyboard only: Tab reaches the group, arrows move by half stars.
      const rating = group(page, /note donnes-tu/);
      await page.locator('#question-experience-rating').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('0');
      for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowRight');
      expect(await rating.getByRole('radio', { name: '3,5 sur 5' }).isChecked()).toBe(true);
      await expect.poll(() => rating.locator('.star-rating__value').textContent()).toBe('3,5 sur 5');
      expect(await rating.locator('.star--full').count()).toBe(3);
      expect(await rating.locator('.star--half').count()).toBe(1);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await rating.getByRole('radio', { name: '3 sur 5' }).isChecked()).toBe(true);

      // By finger (or mouse): 3 px left of star 4's centre is still star 4, the whole star
      // being its target; the same star again is its half.
      const fourth = rating.locator('.star').nth(3);
      await fourth.scrollIntoViewIfNeeded();
      const box = (await fourth.boundingBox())!;
      const [x, y] = [box.x + box.width / 2 - 3, box.y + box.height / 2];
      const press = () => (viewport === 'mobile' ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
      await press();
      await expect.poll(() => rating.getByRole('radio', { name: '4 sur 5' }).isChecked()).toBe(true);
      await press();
      await expect.poll(() => rating.getByRole('radio', { name: '3,5 sur 5' }).isChecked()).toBe(true);
      expect(await rating.locator('.star--half').count()).toBe(1);
      if (viewport === 'mobile') {
        // On a 320px phone the five stars and the '0' still fit in the question's card.
        await page.setViewportSize({ width: 320, height: 700 });
        const fit = await rating.evaluate((group) => {
          const stars = [...group.querySelectorAll('.star')].map((star) => star.getBoundingClientRect());
          return { page: document.documentElement.scrollWidth, card: group.closest('fieldset')!.getBoundingClientRect().right, last: stars.at(-1)!.right, size: stars[0].width };
        });
        expect(fit.page).toBeLessThanOrEqual(320);
        expect(fit.last).toBeLessThanOrEqual(fit.card);
        expect(fit.size).toBeGreaterThanOrEqual(24);
        await page.setViewportSize(VIEWPORTS.mobile);
      }

      // 'Non' asks the follow-up; 'Oui' takes it away.
      const expectations = group(page, /répondu à tes attentes/);
      await expectations.getByLabel('Non', { exact: true }).check();
      const missed = page.getByLabel(/Qu'est-ce qui t'a manqué/);
      await missed.fill('Plus de conducteurs le dimanche matin');
      await group(page, /trouvé l'application utile/)
        .getByLabel('Oui', { exact: true })
        .check();
      await page.getByLabel(/amélioration nous suggères-tu/).fill('Une alerte quand un trajet part près de chez moi.');
      const wordOfMouth = group(page, /autour de toi/);
      await wordOfMouth.getByLabel('Non', { exact: true }).check();
      await page.getByLabel(/Pourquoi pas/).waitFor();
      await wordOfMouth.getByLabel('Oui', { exact: true }).check();
      await page.getByLabel(/Pourquoi pas/).waitFor({ state: 'detached' });
      await shoot(page, `surveys-post-use-form-${viewport}`);

      const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/fn/users-submitSurvey'));
      await page.getByRole('button', { name: 'Envoyer' }).click();
      expect(JSON.parse((await request).postData() ?? '{}').responses).toEqual({
        'experience-rating': 3.5,
        expectations: { value: false, subValue: 'Plus de conducteurs le dimanche matin' },
        useful: true,
        suggestion: 'Une alerte quand un trajet part près de chez moi.',
        'word-of-mouth': { value: true },
      });
      await page.getByRole('heading', { name: 'Merci pour tes réponses !' }).waitFor();
      await page.getByRole('link', { name: "Retour à l'accueil" }).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Tu as déjà répondu à ce questionnaire' }).waitFor();
      await shoot(page, `surveys-post-use-answered-${viewport}`);

      // With a trip, pre-use is closed, with a way to this survey.
      await page.goto('/calshare/surveys/pre-use');
      await page.getByText("Ce questionnaire est réservé aux membres n'ayant pas encore effectué de trajets.").waitFor();
      await shoot(page, `surveys-pre-use-reserved-${viewport}`);

      await context.close();
    });
  }

  it('asks a signed-out visitor to log in first', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto(PATH);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await context.close();
  });
});
