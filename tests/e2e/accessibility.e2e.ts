import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/shared/routes';
import { createMember, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { scanSignedIn } from './support/axe';
import { browserAvailable, openPage } from './support/browser';
import { apiSession, seedLivedInSite, type LivedInSite } from './support/lived-in';
import { siteAndBrowser } from './support/suite';

const MEMBER_PATHS = ['/account', '/leave-a-print', '/vote', '/calshare/surveys/pre-use', '/calshare/surveys/post-use'];
const ORGANISATION_PATHS = ['/account', '/vote', '/leave-a-print', '/calshare/organisations'];

describe.skipIf(!browserAvailable())(`accessibility, signed in ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let lived: LivedInSite;
  beforeAll(async () => {
    lived = await seedLivedInSite(suite.site);
  });

  it('finds no axe violation on any page as a member, data included', async () => {
    const member = lived.members[0];
    const { uuid } = (await apiJson<{ uuid: string }>(suite.site, '/api/auth/me', { cookie: await apiSession(suite.site, member.email, member.password) })).body;
    const own = [...MEMBER_PATHS, `/newsletter-unsubscribe/${uuid}`];
    // The member's own pages loaded on a phone, then scanned again widened to a desktop; the
    // public pages loaded on a desktop (the signed-out scan loads them on a phone), after the
    // account page where the member signs in.
    expect({
      ...(await scanSignedIn(suite.browser, suite.site, member, own, { viewport: 'mobile', alsoAt: 'desktop' })),
      ...(await scanSignedIn(suite.browser, suite.site, member, [own[0], ...PUBLIC_PATHS])),
    }).toEqual({});
  }, 300_000);

  it('finds none as an organisation', async () => {
    expect(await scanSignedIn(suite.browser, suite.site, lived.organisation, ORGANISATION_PATHS)).toEqual({});
  });

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
    const memberCookie = await apiSession(suite.site, member.email, member.password);
    const suggested = await apiJson<{ id: string }>(suite.site, '/api/sports', { method: 'POST', body: { name: 'Pelote basque', emoji: '🥎' }, cookie: memberCookie });
    expect(suggested.status).toBe(201);
    const approved = await apiJson(suite.site, `/api/admin/sports/${encodeURIComponent(suggested.body.id)}/approve`, { method: 'POST', body: {}, cookie: await adminCookie(suite.site) });
    expect(approved.status).toBeLessThan(300);

    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, member.email, member.password);
    await page.goto('/vote');
    const row = page.locator('li', { hasText: 'Pelote basque' });
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
    // The choice is the server's, not only the screen's: the screen changes as soon as a key
    // is pressed, and the second reaction may still be on its way, so wait for the server.
    const serverChoice = async () =>
      (await apiJson<{ reactions: Record<string, string> }>(suite.site, '/api/sports/mine', { cookie: memberCookie })).body.reactions[suggested.body.id];
    await expect.poll(serverChoice, { timeout: 15_000 }).toBe('wow');
    await context.close();
  });
});
