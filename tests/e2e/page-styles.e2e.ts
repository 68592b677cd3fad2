import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, openPage, settle } from './support/browser';
import { siteAndBrowser } from './support/suite';

// Decision 0024: the prerendered pages carry their style sheets inline, so nothing delays
// their first paint, and fetch the hydration scripts at low priority.
const PAGES = ['/', '/join', '/calshare', '/calshare/wiki/home', '/calshare/privacy_policy'];

describe.skipIf(!browserAvailable())(`page styles ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser();

  it('serves the measured pages with no style sheet to wait for', async () => {
    for (const pathname of PAGES) {
      const html = await (await fetch(suite.site.url + pathname)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const styleLinks = [...head.matchAll(/<link [^>]*rel="stylesheet"[^>]*>/g)].map(([link]) => link);
      expect(styleLinks.length, pathname).toBeGreaterThan(0);
      for (const link of styleLinks) {
        // A link hydration still finds, but one the browser neither waits for nor fetches…
        expect(link, pathname).toMatch(/\sdisabled=""/);
        // …after the sheet's own text.
        const href = /href="([^"]+)"/.exec(link)?.[1];
        expect(head, pathname).toContain(`<style data-inlined-from="${href}">`);
      }
      const preloads = [...head.matchAll(/<link [^>]*rel="modulepreload"[^>]*>/g)].map(([link]) => link);
      expect(preloads.length, pathname).toBeGreaterThan(0);
      // React, the shared layer and the page's own modules, not a dozen chunks under 1 kB
      // (vite.config.ts): each is a request before the page can hydrate.
      expect(preloads.length, pathname).toBeLessThanOrEqual(12);
      for (const preload of preloads) expect(preload, pathname).toContain('fetchpriority="low"');
    }
  });

  it('paints the pages styled without loading a style sheet', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    const styleSheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
    });
    for (const pathname of PAGES) {
      await page.goto(pathname);
      await settle(page);
      await expect(page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).resolves.toBe('sticky');
      // The frosted header, as built: what scrolls under it is blurred, not shown through.
      await expect(page.locator('.site-header').evaluate((header) => getComputedStyle(header).backdropFilter)).resolves.toBe('saturate(1.4) blur(8px)');
    }
    expect(styleSheets).toEqual([]);
    await context.close();
  });

  it('drops the sheets of the page left when the visitor navigates, as their links go', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/calshare/wiki/home');
    await settle(page);
    const inlined = () => page.locator('style[data-inlined-from]').evaluateAll((styles) => styles.map((style) => style.getAttribute('data-inlined-from')));
    const wikiSheets = (await inlined()).filter((href) => href && /\/wiki-/.test(href));
    expect(wikiSheets).toHaveLength(1);

    await page.locator('footer').getByRole('link', { name: 'Politique de confidentialité' }).click();
    await page.waitForURL('**/calshare/privacy_policy');
    await settle(page);
    expect(await inlined()).not.toContain(wikiSheets[0]);
    // The wiki's " #" after headings (wiki.css) does not follow the visitor to the policy.
    const after = await page
      .locator('.legal-page__body .heading-link')
      .first()
      .evaluate((link) => getComputedStyle(link, '::after').content);
    expect(after).toBe('none');
    await expect(page.locator('.legal-toc').evaluate((toc) => getComputedStyle(toc).paddingTop)).resolves.not.toBe('0px');
    await context.close();
  });
});
