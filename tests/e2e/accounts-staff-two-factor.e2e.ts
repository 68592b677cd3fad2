import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { shoot, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage } from './support/browser';
import { siteOnLocalhost } from './support/localhost-proxy';
import { ADMIN } from './support/site';

describe.skipIf(!browserAvailable())(`accounts: staff hold a second factor ${inject('browserSkipReason')}`, () => {
  // The production default, which the other specs relax.
  const suite = siteOnLocalhost({ ...SITE_ENV, STAFF_TWO_FACTOR: 'required' });

  it('holds an admin without a second factor at its enrolment, then opens /admin once it is on', async () => {
    const { page, context, allow } = await openPage(suite.browser, suite.url, 'mobile', { context: { hasTouch: true } });
    await page.goto('/admin');
    await page.getByLabel('Adresse mail', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).tap();
    await page.getByRole('heading', { level: 1, name: 'Active la validation en deux étapes' }).waitFor();
    await shoot(page, 'accounts-staff-enrolment-mobile');
    expect(await page.getByRole('heading', { name: 'Administration' }).count()).toBe(0);
    // The server says the same to the API, whatever the page shows.
    allow(403);
    const members = await page.request.get('/api/admin/members');
    expect(members.status()).toBe(403);
    expect((await members.json()).error.code).toBe('auth/second-factor-required');

    const section = page.getByRole('region', { name: 'Validation en deux étapes' });
    await section.getByRole('button', { name: "Ajouter une application d'authentification" }).tap();
    const secret = (await section.locator('.two-factor__secret').textContent())!.replace(/\s/g, '');
    await section.getByRole('textbox', { name: 'Code à 6 chiffres' }).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await section.getByRole('button', { name: 'Activer' }).tap();
    await section.getByRole('button', { name: "J'ai noté mes codes" }).tap();
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    expect((await page.request.get('/api/admin/members')).status()).toBe(200);
    await context.close();
  });
});
