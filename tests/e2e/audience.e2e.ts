import { describe, expect, inject, it } from 'vitest';
import type { AudienceReport } from '../../src/shared/audience';
import { shoot, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

// A visitor's own browser: headless Chromium says so in its user agent, and robots are not counted.
const VISITOR_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.skipIf(!browserAvailable())(`audience ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('counts a first load with its referring site and a navigation inside the site, and shows them to the admin', async () => {
    const visitor = await openPage(suite.browser, suite.site.url, 'mobile', { context: { userAgent: VISITOR_AGENT } });
    const admin = await adminCookie(suite.site);
    const report = () => apiJson<AudienceReport>(suite.site, '/api/admin/audience', { cookie: admin }).then((answer) => answer.body);
    const counts = async (path: string) => (await report()).pages.find((page) => page.path === path)?.visits ?? 0;
    await visitor.page.goto('/vote', { referer: 'https://www.qwant.com/?q=covoiturage+sport' });
    await expect.poll(() => counts('/vote'), { timeout: 10_000 }).toBe(1);
    await visitor.page.getByRole('link', { name: 'CalShare' }).first().click();
    await visitor.page.waitForURL((url) => url.pathname === '/calshare');
    await expect.poll(() => counts('/calshare'), { timeout: 10_000 }).toBe(1);
    expect((await report()).referrers).toEqual([{ site: 'www.qwant.com', visits: 1 }]);
    await visitor.context.close();

    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, ADMIN.email, ADMIN.password, '/admin');
    const audience = page.getByRole('region', { name: 'Pages les plus vues' });
    await audience.getByRole('rowheader', { name: '/vote' }).waitFor();
    await audience.getByRole('rowheader', { name: '/calshare' }).waitFor();
    await page.getByRole('region', { name: "Sites d'où viennent les visiteurs" }).getByRole('rowheader', { name: 'www.qwant.com' }).waitFor();
    // The admin's own pages, seen by a headless browser, were not counted.
    expect(await audience.getByRole('rowheader', { name: '/admin' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Audience' }).scrollIntoViewIfNeeded();
    await shoot(page, 'admin-audience-desktop');
    await context.close();
  });
});
