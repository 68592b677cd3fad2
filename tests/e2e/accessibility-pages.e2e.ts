import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/shared/routes';
import { SITE_ENV } from './accounts-support';
import { axeViolations } from './support/axe';
import { browserAvailable, openPage, screenshot, settle, VIEWPORTS } from './support/browser';
import { layoutShifts, watchLayoutShifts } from './support/layout-shifts';
import { seedLivedInSite } from './support/lived-in';
import { siteAndBrowser } from './support/suite';

/** The pages behind the member gate show the login form to a visitor: scanned as such. */
const GATED_PATHS = ['/account', '/leave-a-print', '/calshare/surveys/pre-use'];

describe.skipIf(!browserAvailable())(`accessibility of every page, signed out ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  beforeAll(async () => {
    await seedLivedInSite(suite.site);
  });

  // One load per page, scanned on a phone, then widened to a desktop's size and scanned again
  // (a resize, not a second load). What moves while a page loads is read on the phone, where
  // the header folds; the desktop's loads are read by the member's scan (accessibility.e2e.ts).
  it('shows every page with data, with its title, description and Open Graph tags, no console error, no axe violation on a phone or a desktop, and nothing moving', async () => {
    const found: Record<string, string[]> = {};
    const shifted: Record<string, string[]> = {};
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await watchLayoutShifts(page);
    for (const path of [...PUBLIC_PATHS, ...GATED_PATHS]) {
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(path);
      // Loading, hydrating, the session's answer, the data and images arriving: nothing on
      // screen may move meanwhile (read before the scan scrolls the page).
      await settle(page);
      const moved = await layoutShifts(page);
      if (moved.length) shifted[path] = moved;
      if (!GATED_PATHS.includes(path)) {
        expect(await page.title(), path).not.toBe('');
        expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
        expect(await page.locator('meta[property="og:title"]').count(), path).toBe(1);
      }
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
      for (const viewport of ['mobile', 'desktop'] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        const list = await axeViolations(page, path);
        if (list.length) found[`${path} (${viewport})`] = list;
        // Every section has been scrolled into view by the scan: the screenshot shows them all.
        await screenshot(page, `${name}-${viewport}`);
      }
    }
    await context.close();
    expect(found).toEqual({});
    expect(shifted).toEqual({});
  }, 300_000);
});
