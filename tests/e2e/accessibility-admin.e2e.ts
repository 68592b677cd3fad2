import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MemberPage } from '../../src/shared/members';
import { signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { axeViolations, scanSignedIn } from './support/axe';
import { browserAvailable, openPage } from './support/browser';
import { seedLivedInSite } from './support/lived-in';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const ADMIN_PATHS = ['/admin', '/admin/moderation', '/admin/organisations', '/admin/surveys', '/admin/settings', '/admin/newsletter-editor', '/admin/members', '/admin/journal', '/admin/textes', '/admin/textes/privacy-policy'];
/** Its preview is a sandboxed, script-less frame: checked as an element, its letter apart. */
const NEWSLETTER_EDITOR = '/admin/newsletter-editor';
const options = (path: string) => ({ enterFrames: path !== NEWSLETTER_EDITOR });

describe.skipIf(!browserAvailable())(`accessibility of the admin pages ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  beforeAll(async () => {
    const site = await seedLivedInSite(suite.site);
    // A member's page too, with its word and reactions.
    const found = await apiJson<MemberPage>(suite.site, `/api/admin/members?q=${encodeURIComponent(site.members[0].email)}`, { cookie: await adminCookie(suite.site) });
    ADMIN_PATHS.push(`/admin/members/${found.body.members[0].uuid}`);
  });

  it('finds no axe violation on the admin pages, with their queues, results and reports, on a phone and a desktop', async () => {
    // Each page loaded once on a phone, then widened to a desktop and scanned again.
    expect(await scanSignedIn(suite.browser, suite.site, ADMIN, ADMIN_PATHS, { viewport: 'mobile', alsoAt: 'desktop', options })).toEqual({});
  }, 300_000);

  it('finds none in the newsletter editor while it previews a letter, nor in the e-mail it previews', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, ADMIN.email, ADMIN.password, NEWSLETTER_EDITOR);
    await page.getByLabel('Titre').fill('Les nouvelles du club');
    await page.getByLabel('Contenu').fill('# Bonjour\n\nUn **trajet** partagé vers [le stade](https://exemple.fr).\n\n- Samedi\n- Dimanche');
    const frame = page.locator('.newsletter-preview__frame');
    await expect.poll(() => frame.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('trajet');
    const found: Record<string, string[]> = {};
    const editor = await axeViolations(page, NEWSLETTER_EDITOR, { enterFrames: false });
    if (editor.length) found.editor = editor;
    // The e-mail itself, as a member's mail app would display it: inside the app's own page,
    // which has the page's landmarks (a 'main' in each message would repeat the app's).
    const mail = await context.newPage();
    await mail.setContent((await frame.getAttribute('srcdoc')) ?? '');
    const letter = await axeViolations(mail, 'about:blank', { disableRules: ['landmark-one-main', 'region'] });
    if (letter.length) found['newsletter e-mail'] = letter;
    await context.close();
    expect(found).toEqual({});
  });
});
