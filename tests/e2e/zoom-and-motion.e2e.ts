// A phone with enlarged text or zoom, a visitor who wants things to stay still, and staff's way
// into the admin area: the page frame (header and menu) and the site's two moving lists.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV, verificationLinkPath } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { apiSession } from './support/lived-in';
import { browserAvailable, openPage, screenshot, settle } from './support/browser';
import { proofOfWork } from './support/proof-of-work';
import { siteAndBrowser } from './support/suite';

/** The pages the main menu leads to, for a visitor. */
const MENU_PAGES = ['/', '/join', '/calshare', '/vote', '/account'];
const MENU_ENTRIES = ['Le projet', 'CalShare', 'Voter', 'Mon compte'];
const SMALL_PHONE = { width: 320, height: 640 };

/** Chromium's own text size setting (what a visitor's "larger text" sets): rem, em and the media queries grow with it. */
async function enlargeText(page: Page, factor: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Page.setFontSizes', { fontSizes: { standard: 16 * factor, fixed: 13 * factor } });
}

/** Whether the page scrolls sideways, and the elements that stick out of the screen on the right. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.closest('.marquee__viewport, .table-scroll') === null)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} « ${element.textContent?.trim().slice(0, 40)} »`);
    return { scrolls: document.documentElement.scrollWidth > width, outside: outside.slice(0, 5) };
  });

/** An element cut by its own box (text that does not fit) or by the screen's edges. */
const cut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return element.scrollWidth > element.clientWidth + 1 || box.left < 0 || box.right > document.documentElement.clientWidth + 1;
      })
      .map((element) => element.textContent),
  );

/** The moving track's animation, as the browser runs it: absent, running or paused. */
const motion = (page: Page, group: string) =>
  page
    .getByRole('group', { name: group })
    .locator('.marquee__track')
    .evaluate((track) => track.getAnimations().map((animation) => animation.playState).join() || 'none');

describe.skipIf(!browserAvailable())(`zoom, enlarged text and motion ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  beforeAll(async () => {
    // Four authors' public words make the wall scroll; one verified organisation fills the guide's list.
    const admin = await adminCookie(suite.site);
    const members = await Promise.all(['Léa', 'Hugo', 'Inès', 'Malik'].map((firstname) => createMember(suite.site, { firstname })));
    for (const [index, member] of members.entries()) {
      const cookie = await apiSession(suite.site, member.email, member.password);
      const { body } = await apiJson<{ id: string }>(suite.site, '/api/words', { method: 'POST', body: { content: `Un mot de soutien, le numéro ${index + 1}.` }, cookie });
      expect((await apiJson(suite.site, `/api/admin/words/${body.id}/approve`, { method: 'POST', body: {}, cookie: admin })).status).toBe(204);
    }
    const email = `club.${Date.now().toString(36)}@exemple.fr`;
    expect((await apiJson(suite.site, '/api/admin/organisations/allowlist', { method: 'POST', body: { email }, cookie: admin })).status).toBe(204);
    const created = await apiJson(suite.site, '/api/fn/users-registerOrganisation', { method: 'POST', body: { email, username: 'Club de Rugby de Pau', pwd: 'Organisation-2025!', ...(await proofOfWork(suite.site.url)) } });
    expect(created.status).toBe(200);
    const token = (await verificationLinkPath(suite.site, email)).split('/').pop();
    expect((await apiJson(suite.site, '/api/auth/verify-email', { method: 'POST', body: { token } })).status).toBe(200);
  });

  it('keeps every page of the main menu within a 320 px screen at 200 % text, the menu folded behind a working Menu button', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { viewport: SMALL_PHONE } });
    await enlargeText(page, 2);
    for (const path of MENU_PAGES) {
      await page.goto(path);
      await settle(page);
      if (path === '/' || path === '/vote') await screenshotOfScreen(page, `zoom-${path.slice(1) || 'home'}-320-text-200`);
      expect(await sideways(page), path).toEqual({ scrolls: false, outside: [] });
      expect(await cut(page, 'h1, h2, .tab, .btn'), path).toEqual([]);
    }

    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // Folded: out of sight, and out of the way of a screen reader, until opened.
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link').count()).resolves.toBe(0);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const name of MENU_ENTRIES) {
      const entry = menu.getByRole('link', { name, exact: true });
      await expect(entry.isVisible(), name).resolves.toBe(true);
      // Fully reachable: scrolled into the open menu if need be, then whole on the screen.
      await entry.scrollIntoViewIfNeeded();
      const box = (await entry.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(SMALL_PHONE.width);
      expect(box.y + box.height, name).toBeLessThanOrEqual(SMALL_PHONE.height);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await cut(page, '.site-nav__link')).toEqual([]);
    await screenshotOfScreen(page, 'zoom-menu-open-320-text-200');

    // Escape closes it and gives the focus back to the button; a chosen page closes it too.
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(menu.getByRole('link', { name: 'Voter' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await menu.getByRole('link', { name: 'Voter', exact: true }).click();
    await page.waitForURL('**/vote');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('shows every menu entry, wrapped, on the prerendered pages without JavaScript', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { viewport: SMALL_PHONE, javaScriptEnabled: false } });
    await enlargeText(page, 2);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(menu.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    for (const name of MENU_ENTRIES) await expect(menu.getByRole('link', { name, exact: true }).isVisible(), name).resolves.toBe(true);
    expect(await cut(page, '.site-nav__link')).toEqual([]);
    expect(await sideways(page)).toEqual({ scrolls: false, outside: [] });
    await context.close();
  });

  it('keeps the four entries in a row on an ordinary phone, and folds them at 150 % zoom', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await page.goto('/join');
    await settle(page);
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(menu.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    expect(await cut(page, '.site-nav__link')).toEqual([]);
    // 150 % zoom on a 390 px phone lays the page out on 260 CSS px.
    await page.setViewportSize({ width: 260, height: 563 });
    await menu.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await sideways(page)).toEqual({ scrolls: false, outside: [] });
    await context.close();
  });

  it('lands a heading chosen in "Dans cet article" or in the search results just below the header, as tall as it is on a phone', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { reducedMotion: 'reduce' } });
    // Where the heading `id` sits under the header once the page has scrolled to it: 0 to 3 rem below.
    const gapBelowHeader = async (id: string) => {
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      const headerBottom = await page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().bottom);
      expect(headerBottom).toBeGreaterThan(90);
      return page.locator(`[id="${id}"]`).evaluate((heading, bottom) => heading.getBoundingClientRect().top - bottom, headerBottom);
    };

    await page.goto('/calshare/wiki/search_trip');
    await settle(page);
    const link = page.getByRole('navigation', { name: 'Dans cet article' }).getByRole('link').nth(1);
    const id = ((await link.getAttribute('href')) ?? '').slice(1);
    await link.click();
    await expect.poll(() => gapBelowHeader(id)).toBeGreaterThanOrEqual(0);
    expect(await gapBelowHeader(id)).toBeLessThanOrEqual(48);
    await screenshotOfScreen(page, 'zoom-wiki-anchor-below-header');

    await page.goto('/calshare/wiki');
    await settle(page);
    await page.getByLabel("Rechercher dans l'aide").fill('mot de passe oublie');
    await page.locator('.wiki-search__hit').first().click();
    await expect.poll(() => gapBelowHeader('s-mot-de-passe-oublie')).toBeGreaterThanOrEqual(0);
    expect(await gapBelowHeader('s-mot-de-passe-oublie')).toBeLessThanOrEqual(48);
    await context.close();
  });

  it('pauses the supporters’ wall and the organisations with a button, and moves neither with reduced motion', async () => {
    const moving = await openPage(suite.browser, suite.site.url, 'mobile');
    for (const [path, group] of [['/', 'Mots de soutien'], ['/calshare/organisations', 'Organisations inscrites']] as const) {
      await moving.page.goto(path);
      await moving.page.getByRole('group', { name: group }).waitFor();
      await expect(motion(moving.page, group), path).resolves.toBe('running');
      const pause = moving.page.getByRole('button', { name: 'Mettre en pause' });
      expect((await pause.boundingBox())!.height, path).toBeGreaterThanOrEqual(44);
      await pause.click();
      await expect(motion(moving.page, group), path).resolves.toBe('paused');
      await moving.page.getByRole('button', { name: 'Reprendre' }).click();
      await moving.page.mouse.move(0, 0);
      await expect(motion(moving.page, group), path).resolves.toBe('running');
    }
    await moving.context.close();

    const still = await openPage(suite.browser, suite.site.url, 'mobile', { context: { reducedMotion: 'reduce' } });
    for (const [path, group] of [['/', 'Mots de soutien'], ['/calshare/organisations', 'Organisations inscrites']] as const) {
      await still.page.goto(path);
      await still.page.getByRole('group', { name: group }).waitFor();
      await expect(motion(still.page, group), path).resolves.toBe('none');
      await expect(still.page.getByRole('button', { name: 'Mettre en pause' }).count(), path).resolves.toBe(0);
    }
    await still.context.close();
  });

  it("offers 'Administration' in the menu to a moderator, and to no other member", async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, member.email, member.password);
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    await menu.getByRole('link', { name: 'Mon compte' }).waitFor();
    await expect(menu.getByRole('link', { name: 'Administration' }).count()).resolves.toBe(0);

    const { body: me } = await apiJson<{ uuid: string }>(suite.site, '/api/auth/me', { cookie: await apiSession(suite.site, member.email, member.password) });
    const granted = await apiJson(suite.site, `/api/admin/members/${me.uuid}/roles`, { method: 'POST', body: { role: 'moderator', granted: true }, cookie: await adminCookie(suite.site) });
    expect(granted.status).toBeLessThan(300);
    // The link arrives once the session is known: nothing may move for it (in the menu's row
    // it moved the four links, or made the header taller and moved the page). Only the shifts
    // from its arrival on count: on a busy machine Chromium may paint the menu's row before the
    // whole row has been read, and the links then move as the rest of it arrives.
    await page.addInitScript(() => {
      const moved: string[] = ((window as unknown as { shifts: string[] }).shifts = []);
      let arrivedAt = Infinity;
      new MutationObserver(() => {
        if (arrivedAt === Infinity && document.querySelector('.site-nav__item--staff')) arrivedAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node?: Node }[] })[]) {
          if (entry.startTime < arrivedAt) continue;
          for (const source of entry.sources) moved.push(source.node instanceof Element ? `${source.node.tagName} ${source.node.className}` : '?');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const arrivesWithoutShift = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await menu.getByRole('link', { name: 'Administration' }).waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${width}px wide`).resolves.toEqual([]);
    };
    // A tablet's row holds the logo and four links, not five: there the logo gives up its word.
    for (const width of [1280, 640, 768, 820]) await arrivesWithoutShift(width);
    await shoot(page, 'zoom-menu-with-administration-tablet');
    await arrivesWithoutShift(390);
    await shoot(page, 'zoom-menu-with-administration-mobile');
    await menu.getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'zoom-menu-administration-mobile');
    await context.close();
  });
});

/** What the visitor sees now, not the whole page: an open menu or a scrolled-to heading. */
async function screenshotOfScreen(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
}
