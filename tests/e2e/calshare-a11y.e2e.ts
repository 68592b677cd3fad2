import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CALSHARE_PAGES } from './calshare-support';
import { browserAvailable, launchBrowser, openPage, VIEWPORTS } from './support/browser';
import { startSite, type Site } from './support/site';

describe.skipIf(!browserAvailable())(`accessibility of the app pages ${inject('browserSkipReason')}`, () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each(CALSHARE_PAGES.map((entry) => [entry.path]))('%s has no serious or critical axe violation, on a phone and a desktop', async (path) => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, context } = await openPage(browser, site.url, viewport);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Scroll-revealed sections must be on screen for their colours to be measured.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      });
      await page.waitForTimeout(700);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious, `${path} ${viewport}`).toEqual([]);
      await context.close();
    }
  });
});
