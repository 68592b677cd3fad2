// A first-time visitor's way in, on a phone: from 'Rejoindre' to a verified address.
import { describe, expect, inject, it } from 'vitest';
import { shoot, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage, VIEWPORTS } from './support/browser';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`accounts: joining on a phone ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it("shows 'Rejoindre' in /join's first screen, which opens the registration side of /account", async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/join');
    const join = page.getByRole('link', { name: 'Rejoindre', exact: true }).first();
    const box = await join.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await shoot(page, 'joining-join-hero-mobile');
    await join.click();
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    expect(new URL(page.url()).search).toBe('?auth=register');
    // The switch is still there for a member who already has an account.
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    await context.close();
  });
});
