import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/shared/routes';
import { createMember, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage, settle } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const MEMBER_PATHS = ['/account', '/leave-a-print', '/vote', '/calshare/surveys/pre-use', '/calshare/surveys/post-use'];
const ADMIN_PATHS = ['/admin', '/admin/moderation', '/admin/organisations', '/admin/surveys', '/admin/settings', '/admin/newsletter-editor'];
// The newsletter preview is a sandboxed, script-less iframe: axe cannot run inside it and the
// scan hangs. The page is scanned without it, and the e-mail it shows is scanned on its own.
const PREVIEW_FRAME = '.newsletter-preview__frame';

/** Serious and critical WCAG 2.1 A/AA violations on the page, once every section is shown. */
async function violations(page: Page) {
  await settle(page);
  // Scroll-revealed sections must be on screen for their colours to be measured.
  await page.evaluate(async () => {
    // Bounded: a page that grows while scrolled must not keep the loop going.
    for (let y = 0, steps = 0; y < document.body.scrollHeight && steps < 60; y += 400, steps++) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await page.waitForTimeout(500);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude(PREVIEW_FRAME)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe.skipIf(!browserAvailable())(`accessibility ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('has no serious or critical axe violation on any public page, signed out, on a phone and a desktop', async () => {
    const found: Record<string, string[]> = {};
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      for (const path of [...PUBLIC_PATHS, '/account']) {
        await page.goto(path);
        const list = await violations(page);
        if (list.length) found[`${path} (${viewport})`] = list;
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 400_000);

  it('has none on the member pages and the admin pages, signed in', async () => {
    const member = await createMember(suite.site);
    const found: Record<string, string[]> = {};
    const asMember = await openPage(suite.browser, suite.site.url);
    await signIn(asMember.page, member.email, member.password);
    for (const path of MEMBER_PATHS) {
      await asMember.page.goto(path);
      const list = await violations(asMember.page);
      if (list.length) found[path] = list;
    }
    const asAdmin = await openPage(suite.browser, suite.site.url);
    await signIn(asAdmin.page, ADMIN.email, ADMIN.password, '/admin');
    for (const path of ADMIN_PATHS) {
      await asAdmin.page.goto(path);
      const list = await violations(asAdmin.page);
      if (list.length) found[path] = list;
    }
    // The e-mail the preview shows, as a member's mail app would display it.
    await asAdmin.page.goto('/admin/newsletter-editor');
    await asAdmin.page.getByLabel('Titre').fill('Les nouvelles du club');
    await asAdmin.page.getByLabel('Contenu').fill('# Bonjour\n\nUn **trajet** partagé vers [le stade](https://exemple.fr).\n\n- Samedi\n- Dimanche');
    const frame = asAdmin.page.locator(PREVIEW_FRAME);
    await expect.poll(() => frame.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('trajet');
    const mail = await asAdmin.context.newPage();
    await mail.setContent((await frame.getAttribute('srcdoc')) ?? '');
    const mailList = await violations(mail);
    if (mailList.length) found['newsletter e-mail'] = mailList;
    expect(found).toEqual({});
    await asMember.context.close();
    await asAdmin.context.close();
  }, 300_000);

  it('registers with the keyboard alone', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/account?auth=register');
    const email = page.getByLabel('Adresse mail', { exact: true });
    await email.focus();
    await page.keyboard.type('clavier@exemple.fr');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clavier-Sportif-2025!');
    // The show/hide toggle sits between the two password fields.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clavier-Sportif-2025!');
    await page.keyboard.press('Enter');
    await page.getByLabel("Nom d'utilisateur").waitFor();
    await page.getByLabel("Nom d'utilisateur").focus();
    await page.keyboard.type('clavier');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Claude');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Vier');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/account');
    await context.close();
  });

  it('votes with the keyboard alone: Tab reaches a reaction, Enter and Space choose', async () => {
    const member = await createMember(suite.site);
    const login = await fetch(`${suite.site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const memberCookie = login.headers.getSetCookie()[0].split(';')[0];
    const suggested = await apiJson<{ id: string }>(suite.site, '/api/sports', { method: 'POST', body: { name: 'Kayak polo', emoji: '🛶' }, cookie: memberCookie });
    expect(suggested.status).toBe(201);
    const approved = await apiJson(suite.site, `/api/admin/sports/${encodeURIComponent(suggested.body.id)}/approve`, { method: 'POST', body: {}, cookie: await adminCookie(suite.site) });
    expect(approved.status).toBeLessThan(300);

    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    await page.goto('/vote');
    const row = page.locator('li', { hasText: 'Kayak polo' });
    const love = row.getByRole('button', { name: "J'adore", exact: true });
    const wow = row.getByRole('button', { name: 'Waouh', exact: true });
    await love.waitFor();
    // From the tabs, Tab alone must reach the sport's first reaction.
    await page.getByRole('tab', { name: 'Voter' }).focus();
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await love.evaluate((button) => button === document.activeElement);
    }
    expect(reached, "Tab never reached the 'J'adore' button").toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => row.locator('[id$="-love"]').textContent()).toBe('1');
    await page.keyboard.press('Tab');
    await expect(wow.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => wow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => row.locator('[id$="-love"]').textContent()).toBe('0');
    // The choice is the server's, not only the screen's.
    const mine = await apiJson<{ reactions: Record<string, string> }>(suite.site, '/api/sports/mine', { cookie: memberCookie });
    expect(mine.body.reactions[suggested.body.id]).toBe('wow');
    await context.close();
  });
});
