import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { AdminStatistics } from '../../src/shared/dashboard';
import { createMember, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { axeViolations } from './support/axe';
import { apiSession } from './support/lived-in';
import { browserAvailable, openPage, screenshot, VIEWPORTS } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

// A visitor's own browser: headless Chromium says so in its user agent, and robots are not counted.
const VISITOR_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Chartist and the code that draws with it: one file of its own, with its style sheet. */
const CHART_CODE = /\/assets\/draw-[\w-]+\.(js|css)$/;
const count = (value: number) => value.toLocaleString('fr-FR').replace(/\u202f/g, ' ');

/** The files a page loads, as it loads them. */
function loadedFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => void files.push(new URL(request.url()).pathname));
  return files;
}

describe.skipIf(!browserAvailable())(`the dashboard's charts ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('loads no chart code on the public pages', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { userAgent: VISITOR_AGENT } });
    const files = loadedFiles(page);
    for (const path of ['/', '/vote', '/join']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(files.filter((file) => file.startsWith('/assets/')).length).toBeGreaterThan(0);
    expect(files.filter((file) => CHART_CODE.test(file))).toEqual([]);
    await context.close();
  });

  it('shows the figures of the community in charts, each with its table, on a phone and a desktop, with no axe violation', async () => {
    // Two members who each leave a word, suggest a sport and react; a third who has not verified their address.
    const admin = await adminCookie(suite.site);
    const members = [await createMember(suite.site, { newsletter: true }), await createMember(suite.site)];
    await createMember(suite.site, { verified: false });
    const sports: string[] = [];
    for (const [i, member] of members.entries()) {
      const cookie = await apiSession(suite.site, member.email, member.password);
      expect(
        (
          await apiJson(suite.site, '/api/words', {
            method: 'POST',
            body: { content: 'Vivement les trajets ensemble !' },
            cookie,
          })
        ).status,
      ).toBe(201);
      const suggested = await apiJson<{ id: string }>(suite.site, '/api/sports', {
        method: 'POST',
        body: { name: ['Biathlon', 'Padel'][i], emoji: ['🎿', '🎾'][i] },
        cookie,
      });
      expect(suggested.status).toBe(201);
      sports.push(suggested.body.id);
    }
    for (const sport of sports) {
      expect(
        (
          await apiJson(suite.site, `/api/admin/sports/${encodeURIComponent(sport)}/approve`, {
            method: 'POST',
            body: {},
            cookie: admin,
          })
        ).status,
      ).toBeLessThan(300);
    }
    for (const [i, member] of members.entries()) {
      const cookie = await apiSession(suite.site, member.email, member.password);
      for (const [sport, reaction] of [[sports[0], i === 0 ? 'love' : 'wow'], ...(i === 0 ? [[sports[1], 'love']] : [])]) {
        expect(
          (
            await apiJson(suite.site, `/api/sports/${encodeURIComponent(sport)}/reaction`, {
              method: 'POST',
              body: { reaction },
              cookie,
            })
          ).status,
        ).toBe(200);
      }
    }
    const expected = (await apiJson<AdminStatistics>(suite.site, '/api/admin/statistics', { cookie: admin })).body;
    const thisWeek = expected.weeks.at(-1)!;
    expect(thisWeek.persons).toBeGreaterThanOrEqual(3);
    expect(thisWeek.newsletter).toBeGreaterThanOrEqual(1);
    expect(thisWeek.verified).toBeLessThan(thisWeek.members);
    expect(thisWeek.words).toBe(2);
    expect(thisWeek.sports).toBe(2);
    expect(expected.reactions.at(-1)!.reactions).toBe(3);
    expect(expected.ranking.map((sport) => sport.name)).toEqual(['Biathlon', 'Padel']);

    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      const files = loadedFiles(page);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin');
      const community = page.getByRole('region', { name: 'La communauté' });
      await community.getByText(`${count(thisWeek.members)} membres aujourd'hui`).waitFor();
      // Six charts, drawn in SVG once their code has come.
      await expect.poll(() => community.locator('.chart__drawing svg').count(), { timeout: 10_000 }).toBe(6);
      expect(files.filter((file) => CHART_CODE.test(file)).length).toBeGreaterThan(0);
      // Each drawing fits the phone's width: nothing to scroll sideways.
      for (const drawing of await community.locator('.chart__drawing svg').all()) {
        expect((await drawing.boundingBox())!.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

      // The numbers behind the joins' chart, this week's last.
      const joins = community.getByRole('region', { name: 'Inscriptions par semaine', exact: true });
      await joins.getByText('Les chiffres').click();
      const table = joins.getByRole('region', { name: 'Inscriptions par semaine : les chiffres' });
      expect(await table.getByRole('row').count()).toBe(expected.weeks.length + 1);
      const lastRow = table.getByRole('row').last();
      expect(await lastRow.getByRole('cell').allTextContents()).toEqual([count(thisWeek.persons), count(thisWeek.organisations)]);
      // The ranking's numbers open too, for the scan to see a table among the charts.
      const ranking = community.getByRole('region', { name: 'Classement des sports', exact: true });
      await ranking.getByText('Les chiffres').click();
      expect(await ranking.getByRole('rowheader').allTextContents()).toEqual(['🎿 Biathlon', '🎾 Padel']);

      expect(await axeViolations(page, '/admin')).toEqual([]);
      await screenshot(community, `admin-statistics-${viewport}`);
      await context.close();
    }
  });

  it('draws the visits per day beside their table', async () => {
    const visitor = await openPage(suite.browser, suite.site.url, 'mobile', { context: { userAgent: VISITOR_AGENT } });
    await visitor.page.goto('/vote');
    const admin = await adminCookie(suite.site);
    await expect
      .poll(
        async () => (await apiJson<{ days: unknown[] }>(suite.site, '/api/admin/audience', { cookie: admin })).body.days.length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await visitor.context.close();

    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, ADMIN.email, ADMIN.password, '/admin');
    const audience = page.getByRole('region', { name: 'Audience', exact: true });
    await audience.getByRole('region', { name: 'Pages vues par jour' }).waitFor();
    await expect.poll(() => audience.locator('.chart__drawing svg').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(audience, 'admin-audience-chart-mobile');
    await context.close();
  });
});
