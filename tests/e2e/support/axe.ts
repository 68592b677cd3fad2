import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from '../accounts-support';
import { openPage, settle, VIEWPORTS } from './browser';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';
import type { Site } from './site';

/**
 * Every WCAG 2.0, 2.1 and 2.2 rule of levels A and AA, axe's best practices and its
 * experimental rules. Every impact counts, minor ones included: a finding is fixed or the
 * rule is argued away here, never filtered out by severity.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice', 'experimental'];

interface AxeOptions {
  disableRules?: string[];
  /**
   * false for a page whose frames run no script (the newsletter preview is sandboxed without
   * scripts): axe cannot run inside them and would wait for ever. The frame elements are still
   * checked (title, focus); scan their content on a page of its own.
   */
  enterFrames?: boolean;
}

/** Where the page is: its path and query, or the whole URL of a page that has none (about:blank). */
function location(page: Page): string {
  const url = new URL(page.url());
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.pathname + url.search : url.href;
}

/**
 * Every axe violation on the page, once every scroll-revealed section has been shown. `at` is
 * the page the scan is for (path and query, or about:blank): a page that redirected elsewhere
 * (a gate sending to /) fails the test instead of getting another page scanned in its name.
 */
export async function axeViolations(page: Page, at: string, options: AxeOptions = {}): Promise<string[]> {
  await settle(page);
  expect(location(page), 'the page scanned is the one asked for').toBe(at);
  // Scroll-revealed sections must be on screen for their colours to be measured: each step
  // waits two frames, in which the browser tells the section it is in view.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Bounded: a page that grows while scrolled must not keep the loop going.
    for (let y = 0, steps = 0; y < document.body.scrollHeight && steps < 60; y += 400, steps++) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      await frame();
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('.reveal:not(.is-visible)').length === 0, null, { timeout: 10_000 });
  // Back to the top: the sticky header would otherwise sit over the fields at the top of the
  // page, which axe then reports as targets too small to hit.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  // Colours are measured once the sections' fade-in is over: every animation or transition
  // that ends has ended (spinners and the marquee never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe's own run in the page ('legacy' for @axe-core/playwright): half the time of the
  // frame-by-frame run, which opens a blank page to merge its results on every scan. It is
  // also the one that takes iframes: false.
  // Only the violations are read: axe then details one node of each other result (passes,
  // incomplete, inapplicable) instead of every node, which on a long page cost more than the checks.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], ...(options.enterFrames === false ? { iframes: false } : {}) })
    .withTags(AXE_TAGS);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  expect(location(page), 'the page scanned is the one asked for').toBe(at);
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * Signs in as the account, then scans each path on one viewport, and again at `alsoAt`'s size
 * when given (the page resized, not loaded again); answers the violations, and any layout
 * shift while a page loads, by page. `options(path)` sets a page's own scan options.
 */
export async function scanSignedIn(
  browser: Browser,
  site: Site,
  account: { email: string; password: string },
  paths: string[],
  { viewport = 'desktop', alsoAt, options = () => ({}) }: { viewport?: keyof typeof VIEWPORTS; alsoAt?: keyof typeof VIEWPORTS; options?: (path: string) => AxeOptions } = {},
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const { page, context } = await openPage(browser, site.url, viewport);
  await signIn(page, account.email, account.password, paths[0]);
  await watchLayoutShifts(page);
  for (const path of paths) {
    await resize(page, viewport);
    await page.goto(path);
    // Nothing on screen may move while the page loads with the member's session and its data
    // and images arrive (read before the scan scrolls the page).
    await settle(page);
    const moved = await layoutShifts(page);
    const list = [...(await axeViolations(page, path, options(path))), ...moved];
    if (list.length) found[`${path} (${viewport})`] = list;
    if (!alsoAt) continue;
    if (options(path).enterFrames === false) {
      // axe still tries to enter a frame that runs no script, and its attempt waits in the
      // page: resized under it, the browser reports the blocked script. So that page is left
      // before the resize and loaded again, as a page of its own at each size.
      await resize(page, alsoAt);
      await page.goto(path);
      await settle(page);
    } else {
      await page.setViewportSize(VIEWPORTS[alsoAt]);
    }
    const resized = await axeViolations(page, path, options(path));
    if (resized.length) found[`${path} (${alsoAt})`] = resized;
  }
  await context.close();
  return found;
}

/** The page at another size, left first (for a blank page) when it is not that size already. */
async function resize(page: Page, viewport: keyof typeof VIEWPORTS) {
  const { width, height } = VIEWPORTS[viewport];
  const current = page.viewportSize();
  if (current?.width === width && current.height === height) return;
  await page.goto('about:blank');
  await page.setViewportSize({ width, height });
}
