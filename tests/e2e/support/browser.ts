import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * The run's one Chromium (launched by global-setup.ts), reached over its websocket: every
 * spec file connects instead of starting a browser of its own. Contexts keep files apart.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/**
 * A fresh context (its own cookies) whose page fails the test on a console error or an
 * uncaught exception, like the unit tests do.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], locale: 'fr-FR' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Saves a full-page screenshot under test-results/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export const browserAvailable = () => Boolean(inject('chromiumPath'));

/**
 * Waits until the page has loaded and its first data requests are answered. Not
 * 'networkidle': the live stream (/api/live) stays open for as long as the page does.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(400);
}

/** A download's content: the shared browser runs apart, so its file is read through Playwright. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
