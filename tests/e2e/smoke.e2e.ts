import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, openPage } from './support/browser';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`site shell ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('renders the home page with its tagline, in French', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain('Ensemble, Unissons le sport !');
    await expect(page.getByRole('link', { name: /accueil/ }).first().getAttribute('href')).resolves.toBe('/');
    await context.close();
  });

  it('sends an unknown path to /', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/cette/page/nexiste/pas');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shows the sign-in switch on a members-only page when signed out', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Connexion|compte/);
    await context.close();
  });
});
