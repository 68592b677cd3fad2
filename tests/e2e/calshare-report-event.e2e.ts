import { describe, expect, inject, it } from 'vitest';
import type { EventReportsResponse } from '../../src/shared/event-reports';
import { adminCookie, apiJson, shootWholePage } from './calshare-support';
import { browserAvailable, openPage } from './support/browser';
import { siteAndBrowser } from './support/suite';
import { proofOfWork } from './support/proof-of-work';

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe.skipIf(!browserAvailable())(`report an event (/go_with_calshare) ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('takes a report, says what is wrong before sending, thanks, and shows it to the admin', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/go_with_calshare');
      await shootWholePage(page, `go_with_calshare-${viewport}`);
      const eventName = `Trail des Crêtes ${viewport}`;
      await page.getByLabel("Nom de l'événement").fill(eventName);
      await page.getByLabel('Sport').fill('Trail');
      await page.getByLabel('Date').fill(inDays(40));
      await page.getByLabel('Lieu').fill('Gérardmer (88)');
      await page.getByLabel("Lien vers l'événement").fill('pas un lien');
      await page.getByLabel('Ton adresse mail (facultatif)').click();
      await expect(page.getByText(/Indique un lien valide/).isVisible()).resolves.toBe(true);
      const send = page.getByRole('button', { name: 'Envoyer le signalement' });
      await expect(send.getAttribute('aria-disabled')).resolves.toBe('true');

      await page.getByLabel("Lien vers l'événement").fill('www.trail-des-cretes.fr');
      await page.getByLabel('Ton adresse mail (facultatif)').fill('orga@trail-cretes.fr');
      await expect(send.getAttribute('aria-disabled')).resolves.toBeNull();
      await send.click();
      await page.getByRole('heading', { name: "Merci, c'est bien reçu !" }).waitFor();
      await shootWholePage(page, `go_with_calshare-sent-${viewport}`);
      await page.getByRole('button', { name: 'Signaler un autre événement' }).click();
      await expect((page.getByLabel("Nom de l'événement")).inputValue()).resolves.toBe('');
      await context.close();

      const { body } = await apiJson<EventReportsResponse>(suite.site, '/api/admin/event-reports', { cookie: await adminCookie(suite.site) });
      expect(body.reports[0]).toMatchObject({
        eventName,
        sport: 'Trail',
        date: inDays(40),
        place: 'Gérardmer (88)',
        link: 'https://www.trail-des-cretes.fr',
        email: 'orga@trail-cretes.fr',
      });
    }
  });

  it('says on a phone which fields hold the button back, and marks them when it is tapped anyway', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await page.goto('/go_with_calshare');
    await page.getByLabel("Nom de l'événement").fill('Trail des Crêtes');
    await page.getByLabel('Sport').fill('Trail');
    await page.getByText("À compléter : Date, Lieu, Lien vers l'événement").waitFor();
    await page.getByRole('button', { name: 'Envoyer le signalement' }).tap({ force: true });
    await page.getByRole('tooltip').waitFor();
    await expect(page.getByLabel('Lieu').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText(/Indique le lieu/).waitFor();
    await expect(page.getByLabel("Nom de l'événement").getAttribute('aria-invalid')).resolves.toBeNull();
    await context.close();
  });

  it('refuses a report the rules do not allow, whatever the form did', async () => {
    const response = await apiJson<{ error: { code: string } }>(suite.site, '/api/event-reports', {
      method: 'POST',
      body: { eventName: 'Match', sport: 'Foot', date: inDays(-30), place: 'Lens', link: 'https://rclens.fr', email: '', ...(await proofOfWork(suite.site.url)) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('event-reports/invalid-date');
  });
});
