import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultPublicConfig } from '../../src/shared/public-config';
import { shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, openPage } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const FACTS = {
  "Nom de l'association": 'Unissons Lyon',
  'Adresse du siège': '12 rue du Stade, 69007 Lyon',
  Téléphone: '04 72 00 00 00',
  'Adresse mail': 'bureau@unissons.example',
  'Directeur ou directrice de la publication': 'Camille Martin',
  "Adresse de l'hébergeur": '2 rue Kellermann, 59100 Roubaix',
  "Téléphone de l'hébergeur": '+33 9 72 10 10 07',
  'Numéro RNA': 'W691234567',
  'Fédération sportive': 'Fédération française du sport adapté',
};

/** One fact of the page, as a visitor reads it: its label and its value. */
const fact = (page: Page, label: string) =>
  page.locator('.legal-notice__fact').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole('definition');

const java = spawnSync('java', ['-version']).status === 0;
const vnu = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');

/** The Nu Html Checker's errors and warnings for HTML as the server sends it (html-validity.e2e.ts checks the built files). */
function htmlFaults(html: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'served-'));
  const file = path.join(dir, 'page.html');
  fs.writeFileSync(file, html);
  const result = spawnSync('java', ['-jar', vnu, '--format', 'json', file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  const { messages } = JSON.parse(result.stderr) as { messages: { type: string; subType?: string; message: string }[] };
  return messages
    .filter(({ type, subType }) => type !== 'info' || subType === 'warning')
    .filter(({ message }) => !/^The “list” role is unnecessary for element “[uo]l”\.$/.test(message))
    .filter(({ message }) => !/^CSS: (“container”: Property “container” doesn't exist\.|Unrecognized at-rule “@container”)$/.test(message))
    .map(({ message }) => message);
}

describe.skipIf(!browserAvailable())(`the legal notice ${inject('browserSkipReason')}`, () => {
  // The host's name comes from the environment of a first start, the e-mail from CONTACT_EMAIL; the rest is the admin's to fill.
  const suite = siteAndBrowser({ ...SITE_ENV, LEGAL_HOST_NAME: 'Hébergeur de la première heure' });

  it('is filled in by an admin and read without JavaScript, on a phone and a desktop, with the privacy policy agreeing', async () => {
    const before = await openPage(suite.browser, suite.site.url, 'mobile', { context: { javaScriptEnabled: false } });
    await before.page.goto('/mentions-legales');
    await expect(fact(before.page, "Nom de l'hébergeur").innerText()).resolves.toBe('Hébergeur de la première heure');
    await expect(fact(before.page, 'Adresse du siège').innerText()).resolves.toBe('non renseignée');
    await expect(fact(before.page, 'Adresse mail').innerText()).resolves.toBe(defaultPublicConfig.contactEmail);
    await before.context.close();

    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/settings');
      const form = page.getByRole('form', { name: 'Mentions légales' });
      await expect(form.getByLabel("Nom de l'hébergeur").inputValue()).resolves.toBe('Hébergeur de la première heure');
      // A wrong RNA number is named before anything is sent.
      await form.getByLabel('Numéro RNA').fill('691234567');
      await form.getByLabel('Numéro RNA').blur();
      await page.getByText('Numéro RNA : la lettre W suivie de 9 chiffres, comme W123456789.').waitFor();
      for (const [label, value] of Object.entries(FACTS)) await form.getByLabel(label, { exact: true }).fill(`${value}${viewport === 'desktop' ? '' : ' '}`);
      await form.getByRole('button', { name: 'Mettre à jour les mentions légales' }).click();
      await page.getByText('Les mentions légales sont enregistrées : la page publique les montre déjà.').waitFor();
      await shoot(page, `legal-notice-admin-${viewport}`);
      await context.close();

      const visitor = await openPage(suite.browser, suite.site.url, viewport, { context: { javaScriptEnabled: false } });
      await visitor.page.goto('/mentions-legales');
      await visitor.page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
      for (const [label, value] of Object.entries(FACTS)) await expect(fact(visitor.page, label).innerText(), label).resolves.toBe(value);
      await expect(visitor.page.getByText('non renseign').count()).resolves.toBe(0);
      await expect(visitor.page.getByRole('link', { name: 'bureau@unissons.example' }).getAttribute('href')).resolves.toBe('mailto:bureau@unissons.example');
      await expect(visitor.page.getByRole('status').count()).resolves.toBe(0);
      await shoot(visitor.page, `legal-notice-no-script-${viewport}`);

      await visitor.page.goto('/calshare/privacy_policy');
      await expect(fact(visitor.page, 'Adresse du siège').innerText()).resolves.toBe('12 rue du Stade, 69007 Lyon');
      await expect(fact(visitor.page, "Nom de l'association").innerText()).resolves.toBe('Unissons Lyon');
      await expect(visitor.page.getByRole('link', { name: 'bureau@unissons.example' }).count()).resolves.toBe(1);
      await visitor.context.close();
    }
  });

  it.skipIf(!java)('is served as valid HTML with its facts', async () => {
    for (const url of ['/mentions-legales', '/calshare/privacy_policy']) {
      const html = await (await fetch(`${suite.site.url}${url}`)).text();
      expect(html).toContain('legal-notice__fact');
      expect(htmlFaults(html), url).toEqual([]);
    }
  });

  it('is linked from the footer of every page, and shows the same facts with JavaScript, hydrated or reached by a link', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop');
    for (const path of ['/', '/vote', '/calshare', '/calshare/wiki', '/join']) {
      await page.goto(path);
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' });
      await expect(link.getAttribute('href'), path).resolves.toBe('/mentions-legales');
    }
    // Reached by the footer's link: the page loads the facts itself.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Hébergement' }).waitFor();
    const shown = await page.locator('[data-server-part="legal-notice"]').innerHTML();

    // Loaded: the server's facts stay as they were through hydration, no spinner, no shift.
    const loaded = await openPage(suite.browser, suite.site.url, 'mobile');
    await loaded.page.goto('/mentions-legales');
    await loaded.page.waitForLoadState('networkidle');
    await expect(loaded.page.locator('[data-server-part="legal-notice"]').innerHTML()).resolves.toBe(shown);
    await expect(loaded.page.getByRole('status').count()).resolves.toBe(0);
    await shoot(loaded.page, 'legal-notice-mobile');
    // The privacy policy's contact too: hydrated as the server wrote it (a mismatch would fail the test).
    await loaded.page.goto('/calshare/privacy_policy');
    await loaded.page.waitForLoadState('networkidle');
    await expect(fact(loaded.page, 'Adresse du siège').innerText()).resolves.toBe('12 rue du Stade, 69007 Lyon');
    await loaded.context.close();
    await context.close();
  });
});
