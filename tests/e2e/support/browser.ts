import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';

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

interface PageOptions {
  /**
   * The 4xx answers the test provokes on purpose (a wrong password's 401, a stale link's 410):
   * any other answer of 400 or more fails the test. A 5xx never is expected.
   */
  expectedStatuses?: number[];
  /** More of the context's settings (reduced motion, a user agent, a touch screen…). */
  context?: BrowserContextOptions;
}

/** What went wrong in an open context since the last check: a console error, an uncaught exception, an answer it should not get. */
const watched = new Set<{ found: string[]; closed: boolean }>();
/** Each open context's requests still waiting for their answer, for settle(). */
const pending = new WeakMap<BrowserContext, Set<Request>>();

/**
 * A fresh context (its own cookies) that fails the test on a console error, an uncaught
 * exception, any 5xx answer and any 4xx answer not listed in `expectedStatuses`, like the unit
 * tests fail on console.error. The check runs after each test (and after the file's last
 * hook), so no test can forget it; a test that expects a 4xx only later says so with `allow`.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; allow(...statuses: number[]): void }> {
  const expected = new Set<number>();
  const allow = (...statuses: number[]) => {
    for (const status of statuses) {
      if (status < 400 || status > 499) throw new Error(`only a 4xx answer can be expected, not ${status}`);
      expected.add(status);
    }
  };
  allow(...(options.expectedStatuses ?? []));
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], locale: 'fr-FR', ...options.context });
  const watch = { found: [] as string[], closed: false };
  watched.add(watch);
  context.on('close', () => (watch.closed = true));
  const { found } = watch;
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium's line for an answer of 400 or more: the answer itself is judged below, with its URL.
    if (/^Failed to load resource: the server responded with a status of \d{3}\b/.test(message.text())) return;
    found.push(`console error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => found.push(`uncaught exception: ${error.error().message}`));
  context.on('response', (response) => {
    const status = response.status();
    if (status >= 500 || (status >= 400 && !expected.has(status))) found.push(`answer ${status} to ${response.request().method()} ${response.url()}`);
  });
  const waiting = new Set<Request>();
  pending.set(context, waiting);
  // The live stream stays open for as long as the page does: it is never waited for.
  context.on('request', (request) => void (request.resourceType() !== 'eventsource' && waiting.add(request)));
  context.on('requestfinished', (request) => void waiting.delete(request));
  context.on('requestfailed', (request) => void waiting.delete(request));
  const page = await context.newPage();
  return { context, page, allow };
}

/** Every problem seen in the pages since the last check, and forgets the contexts closed since. */
function takeProblems(): string[] {
  const all: string[] = [];
  for (const watch of watched) {
    all.push(...watch.found.splice(0));
    if (watch.closed) watched.delete(watch);
  }
  return all;
}

function failOnProblems() {
  const all = takeProblems();
  if (all.length > 0) throw new Error(`The browser saw ${all.length} problem(s):\n${all.join('\n')}`);
}

// Registered by every spec file that imports this module: its pages are checked after each of
// its tests, and once more after its hooks (a page opened in beforeAll, a last late error).
afterEach(failOnProblems);
afterAll(failOnProblems);

/**
 * Saves a screenshot of the whole page (of what is on screen with `fullPage: false`; of the
 * element, for a locator) under test-results/screenshots (git-ignored), for a person to look at. SCREENSHOTS=off (CI's clean clone, where nobody looks) skips them: a long page's
 * capture and PNG encoding cost the shared two cores about half a second each.
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (process.env.SCREENSHOTS === 'off') return;
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

export const browserAvailable = () => Boolean(inject('chromiumPath'));

/**
 * Waits until the page has loaded, React has hydrated it and every request it made is
 * answered, the answers' renders included: no request in flight over two rounds of two
 * frames each. Not 'networkidle': the live stream (/api/live) stays open for as long as the
 * page does. A page of its own (an e-mail set with setContent) needs no hydration.
 */
export async function settle(page: Page) {
  const waiting = pending.get(page.context());
  if (!waiting) throw new Error('settle() needs a page opened by openPage()');
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const main = document.getElementById('contenu');
    return main === null || Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
  const deadline = Date.now() + 30_000;
  for (let quietRounds = 0; quietRounds < 2; ) {
    if (Date.now() > deadline) throw new Error(`requests still unanswered after 30 s: ${[...waiting].map((request) => request.url()).join(', ')}`);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    quietRounds = waiting.size === 0 ? quietRounds + 1 : 0;
  }
}

/** A download's content: the shared browser runs apart, so its file is read through Playwright. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
