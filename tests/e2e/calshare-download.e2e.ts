import { describe, expect, inject, it } from 'vitest';
import { USER_AGENTS } from '../../src/shared/user-agents.fixture';
import { browserAvailable, openPage } from './support/browser';
import { siteAndBrowser } from './support/suite';

// The stores' default addresses (config defaults), which the pages were built with.
const APP_STORE = 'https://www.apple.com/app-store/';
const GOOGLE_PLAY = 'https://play.google.com/store/apps';

describe.skipIf(!browserAvailable())(`/calshare/download ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it.each([
    ['iphoneSafari', APP_STORE],
    ['iphoneInstagram', APP_STORE],
    ['ipadMobileMode', APP_STORE],
    ['androidChrome', GOOGLE_PLAY],
    ['androidSamsung', GOOGLE_PLAY],
    ['windowsEdge', '/calshare'],
    ['googlebot', '/calshare'],
  // Phones and what is no Apple computer are sent on by the server: a browser only follows the
  // 302. The client decides only between an iPad that asks for the desktop site and a Mac (below).
  ] as const)('redirects %s on the server to %s', async (device, location) => {
    const response = await fetch(`${suite.site.url}/calshare/download`, { headers: { 'user-agent': USER_AGENTS[device] }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  /**
   * Opens /calshare/download as a device and answers where the browser went: a store
   * (there is no internet here, so a store page is answered by the test or, after a
   * server redirect that Playwright cannot intercept, only requested) or a page of the suite.site.
   */
  async function landing(options: { userAgent: string; hasTouch?: boolean; isMobile?: boolean }): Promise<string> {
    const store = /^https:\/\/(www\.apple\.com|play\.google\.com)\//;
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { context: { ...options, viewport: { width: 1024, height: 768 } } });
    await context.route(store, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Store</title>' }));
    let storeRequested: string | undefined;
    page.on('request', (request) => {
      if (store.test(request.url())) storeRequested ??= request.url();
    });
    await page.goto('/calshare/download').catch(() => undefined);
    // The redirect runs after hydration: give a loaded machine time (poll's default is 1 s).
    await expect.poll(() => storeRequested ?? new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/calshare/download');
    const url = storeRequested ?? page.url();
    await context.close();
    return url;
  }

  it('sends an iPad in desktop mode to the App Store by its touch screen, and a Mac to /calshare', async () => {
    const mac = await fetch(`${suite.site.url}/calshare/download`, { headers: { 'user-agent': USER_AGENTS.ipadDesktopMode }, redirect: 'manual' });
    expect(mac.status).toBe(200);
    expect(mac.headers.get('content-type')).toMatch(/^text\/html/);
    await expect(landing({ userAgent: USER_AGENTS.ipadDesktopMode, hasTouch: true })).resolves.toBe(APP_STORE);
    await expect(landing({ userAgent: USER_AGENTS.ipadDesktopMode })).resolves.toBe(`${suite.site.url}/calshare`);
    await expect(landing({ userAgent: USER_AGENTS.macChrome })).resolves.toBe(`${suite.site.url}/calshare`);
  });
});
