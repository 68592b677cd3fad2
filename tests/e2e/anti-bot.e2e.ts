import { describe, expect, inject, it } from 'vitest';
import { ANTI_BOT_FIELD } from '../../src/shared/anti-bot';
import { errorCatalogue } from '../../src/shared/messages';
import { shootWholePage } from './calshare-support';
import { browserAvailable, openPage } from './support/browser';
import { siteAndBrowser } from './support/suite';

const WIDGET_STATE = 'altcha-widget .altcha';

function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe.skipIf(!browserAvailable())(`the bot barrier in the browser ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('is solved with the keyboard alone, and its solution is taken once', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/go_with_calshare');
      // Before the form gets focus: an unticked box, named by its label.
      const box = page.getByRole('checkbox', { name: 'Je ne suis pas un robot' });
      await expect(box.isChecked()).resolves.toBe(false);
      await page.getByLabel("Nom de l'événement").fill(`Tournoi ${viewport}`);
      await page.getByLabel('Sport').fill('Volley');
      await page.getByLabel('Date').fill(inDays(10));
      await page.getByLabel('Lieu').fill('Lyon');
      await page.getByLabel("Lien vers l'événement").fill('https://volley.exemple.fr');
      // The form's focus started the work; from the last field, Tab reaches the widget's box,
      // which Space ticks if the work is not done yet, and which then says so.
      await page.getByLabel('Ton adresse mail (facultatif)').focus();
      await page.keyboard.press('Tab');
      const widgetBox = page.locator('altcha-widget input[type="checkbox"]');
      await expect(widgetBox.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      if ((await page.locator(WIDGET_STATE).getAttribute('data-state')) === 'unverified') await page.keyboard.press('Space');
      await page.locator(`${WIDGET_STATE}[data-state="verified"]`).waitFor();
      await page.getByRole('checkbox', { name: 'Vérifié' }).waitFor();
      await shootWholePage(page, `anti-bot-verified-${viewport}`);
      const solution = await page.locator(`altcha-widget input[name="${ANTI_BOT_FIELD}"]`).inputValue();
      expect(solution.length).toBeGreaterThan(100);

      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Envoyer le signalement');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: "Merci, c'est bien reçu !" }).waitFor();

      // The same solution, sent again by a script, is refused.
      const replay = await fetch(`${suite.site.url}/api/event-reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventName: 'Rejoué', sport: 'Volley', date: inDays(10), place: 'Lyon', link: 'https://volley.exemple.fr', email: '', [ANTI_BOT_FIELD]: solution }),
      });
      expect(replay.status).toBe(400);
      expect((await replay.json()).error).toEqual({ code: 'anti-bot/replayed', message: errorCatalogue['anti-bot/replayed'] });
      await context.close();
    }
  });

  it('starts solving as soon as the form gets focus, so a quick visitor does not wait', async () => {
    // No account has this address: the 404 says the proof got through.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [404] });
    await page.goto('/account');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Adresse mail', { exact: true }).fill('personne@exemple.fr');
    await page.locator(`${WIDGET_STATE}[data-state="verified"]`).waitFor();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    // Proof accepted: the server got as far as looking for the account.
    await page.getByText('Aucun compte trouvé').waitFor();
    // A new challenge is readied for the next try.
    await page.locator(`${WIDGET_STATE}[data-state="unverified"], ${WIDGET_STATE}[data-state="verifying"], ${WIDGET_STATE}[data-state="verified"]`).waitFor();
    await context.close();
  });

  it('waits for a widget that arrives after the visitor sent, and sends its proof', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [404] });
    // A slow connection: the widget's script comes a second and a half after it is asked for.
    let releaseWidget!: () => void;
    const widgetAsked = new Promise<void>((resolve) => {
      void page.route(/\/assets\/altcha-widget-[\w-]+\.js$/, async (route) => {
        resolve();
        await new Promise<void>((release) => (releaseWidget = release));
        await route.continue();
      });
    });
    await page.goto('/account');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await widgetAsked;
    await page.getByLabel('Adresse mail', { exact: true }).fill('personne@exemple.fr');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    setTimeout(() => releaseWidget(), 1500);
    // Sent with a proof: the server got as far as looking for the account.
    await page.getByText('Aucun compte trouvé').waitFor();
    await context.close();
  });
});

describe.skipIf(!browserAvailable())(`the bot barrier turned off (ANTI_BOT=off) ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser({ ANTI_BOT: 'off' });

  it('shows no widget, and the forms send as before', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/go_with_calshare');
    await page.getByLabel("Nom de l'événement").fill('Cross du lycée');
    await page.getByLabel('Sport').fill('Cross');
    await page.getByLabel('Date').fill(inDays(5));
    await page.getByLabel('Lieu').fill('Rennes');
    await page.getByLabel("Lien vers l'événement").fill('https://cross.exemple.fr');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('altcha-widget').count()).resolves.toBe(0);
    await expect(page.locator('.anti-bot').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByRole('heading', { name: "Merci, c'est bien reçu !" }).waitFor();
    await context.close();
  });
});
