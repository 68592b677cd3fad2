// Shared by the calshare-*.e2e.ts specs: API calls as the admin, page helpers.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './support/browser';
import { ADMIN, type Site } from './support/site';

/** Signs in through the API and answers the session cookie, for admin-only reads and writes. */
export async function adminCookie(site: Site): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('unissons_session='));
  expect(cookie).toBeTruthy();
  return cookie!.split(';')[0];
}

export async function apiJson<T>(site: Site, path: string, options: { method?: string; body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.url}${path}`, {
    method: options.method ?? 'GET',
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}


/**
 * Scrolls the whole page once so every scroll-revealed section is shown, then takes a
 * full-page screenshot from the top.
 */
export async function shootWholePage(page: Page, name: string) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForTimeout(700);
  await screenshot(page, name);
}

/** The pages of the app's part of the site, with a text each must show in its prerendered HTML. */
export const CALSHARE_PAGES = [
  { path: '/calshare', text: 'le covoiturage vers tes événements sportifs', name: 'calshare' },
  { path: '/calshare/organisations', text: 'Fais autoriser la création de ton compte', name: 'calshare-organisations' },
  { path: '/calshare/wiki', text: 'Centre d', name: 'calshare-wiki' },
  { path: '/calshare/wiki/submit_trip', text: 'Impossible de lier', name: 'calshare-wiki-submit_trip' },
  { path: '/calshare/privacy_policy', text: 'Directives après ton décès', name: 'calshare-privacy_policy' },
  { path: '/go_with_calshare', text: 'Envoyer le signalement', name: 'go_with_calshare' },
  { path: '/calshare/visuals', text: 'Format story (9:16)', name: 'calshare-visuals' },
] as const;
