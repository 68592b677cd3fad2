import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage, screenshot, settle } from './support/browser';
import { siteAndBrowser } from './support/suite';

/**
 * An editor publishes the privacy policy and the founders' message from /admin/textes; a
 * visitor whose browser runs no script reads the new words in the pages the server sends, with
 * the page's title from the text too, on a phone and a desktop.
 */
describe.skipIf(!browserAvailable())(`the published texts, for visitors ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let editor: Member;

  beforeAll(async () => {
    editor = await createMember(suite.site, { firstname: 'Rémi' });
    const cookie = await adminCookie(suite.site);
    const found = await apiJson<{ members: { uuid: string; email: string }[] }>(suite.site, `/api/admin/members?q=${encodeURIComponent(editor.email)}`, { cookie });
    const uuid = found.body.members.find((member) => member.email === editor.email)!.uuid;
    expect((await apiJson(suite.site, `/api/admin/members/${uuid}/roles`, { method: 'POST', body: { role: 'editor', granted: true }, cookie })).status).toBe(200);
  });

  /** Opens the text's editor, puts `line` first in its body (and `title` as its title), and publishes. */
  async function publish(page: Page, id: string, line: string, title?: string) {
    await page.goto(`/admin/textes/${id}`);
    const body = page.getByLabel('Texte', { exact: true });
    await body.waitFor();
    if (title) await page.getByLabel('Titre', { exact: true }).fill(title);
    await body.fill(`${line}\n\n${await body.inputValue()}`);
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByText(/^Version \d+ publiée : elle est en ligne\.$/).waitFor();
  }

  for (const size of ['mobile', 'desktop'] as const) {
    it(`on a ${size === 'mobile' ? 'phone' : 'desktop'}: published, then read without JavaScript`, async () => {
      const { page, context } = await openPage(suite.browser, suite.site.url, size);
      await signIn(page, editor.email, editor.password, '/admin/textes');
      const policyLine = `Nouveauté publiée depuis un ${size === 'mobile' ? 'téléphone' : 'ordinateur'} : tes données restent chez nous.`;
      const foundersLine = `Un mot tout neuf des fondateurs, écrit sur ${size === 'mobile' ? 'téléphone' : 'ordinateur'}.`;
      const title = `Politique de confidentialité (${size})`;
      await publish(page, 'privacy-policy', `## Ce qui change (${size})\n\n${policyLine}`, title);
      const foundersTitle = `Le mot des fondateurs (${size})`;
      await publish(page, 'founders-message', foundersLine, foundersTitle);
      await context.close();

      const visitor = await openPage(suite.browser, suite.site.url, size, { context: { javaScriptEnabled: false } });
      await visitor.page.goto('/calshare/privacy_policy');
      await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await visitor.page.getByText(policyLine.replace(' :', '\u00a0:')).waitFor();
      await visitor.page.getByRole('navigation', { name: 'Sommaire' }).getByRole('link', { name: `Ce qui change (${size})` }).waitFor();
      expect(await visitor.page.title()).toBe(`${title} · Unissons`);
      await expect(visitor.page.getByRole('status').count()).resolves.toBe(0);
      if (size === 'mobile') expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(visitor.page, `texts-visitor-policy-${size}`);

      await visitor.page.goto('/');
      // The section's heading is the text's title.
      const founders = visitor.page.getByRole('region', { name: foundersTitle });
      await founders.getByText(foundersLine).waitFor();
      await founders.scrollIntoViewIfNeeded();
      await screenshot(visitor.page, `texts-visitor-home-${size}`, { fullPage: false });
      await visitor.context.close();

      // With JavaScript: hydration keeps the server's text and title (a mismatch would fail the
      // test); reached by a link, the page loads the same text.
      const reader = await openPage(suite.browser, suite.site.url, size);
      await reader.page.goto('/calshare/privacy_policy');
      await settle(reader.page);
      await reader.page.getByText(policyLine.replace(' :', '\u00a0:')).waitFor();
      expect(await reader.page.title()).toBe(`${title} · Unissons`);
      await reader.page.goto('/mentions-legales');
      await settle(reader.page);
      await reader.page.getByRole('main').getByRole('link', { name: 'politique de confidentialité', exact: true }).click();
      await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await reader.page.getByText(policyLine.replace(' :', '\u00a0:')).waitFor();
      // The home page reached by a link: its section's heading and text loaded after the navigation.
      await reader.page.getByRole('link', { name: /accueil/i }).first().click();
      await reader.page.getByRole('region', { name: foundersTitle }).getByText(foundersLine).waitFor();
      await reader.page.goto('/');
      await settle(reader.page);
      await reader.page.getByRole('heading', { level: 2, name: foundersTitle }).waitFor();
      await reader.context.close();
    });
  }
});
