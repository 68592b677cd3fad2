import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectBrowser } from './browser';
import { startSite, type Site } from './site';

/**
 * The site and the browser a spec file's tests share: started before the first test,
 * stopped after the last. Read them in tests (`suite.site.url`), not at the top of the file.
 */
export function siteAndBrowser(env?: Record<string, string>): { site: Site; browser: Browser } {
  const suite = {} as { site: Site; browser: Browser };
  beforeAll(async () => {
    [suite.site, suite.browser] = await Promise.all([startSite(env), connectBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.site?.stop();
  });
  return suite;
}
