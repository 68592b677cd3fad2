// The day of the switch, as a member lives it: the Firebase site moved in by the import, they
// open the new site on their phone, sign in with the password they always had, and find their
// word on the wall, their vote, their survey answered; the old newsletter's link still works.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firebaseHash, writeExport } from '../../src/server/capabilities/firebase-import/export-fixture';
import { importFirebase } from '../../src/server/capabilities/firebase-import/import-firebase';
import { openDatabase } from '../../src/server/platform/db/connection';
import { shoot, signIn, SITE_ENV } from './accounts-support';
import { browserAvailable, connectBrowser, openPage } from './support/browser';
import { startSite, type Site } from './support/site';

const OLD_PASSWORD = 'Ancien-mot-2023';

describe.skipIf(!browserAvailable())(`moving in from Firebase ${inject('browserSkipReason')}`, () => {
  let site: Site;
  let browser: Browser;
  let exportDir: string;

  beforeAll(async () => {
    exportDir = await fs.mkdtemp(path.join(os.tmpdir(), 'firebase-e2e-'));
    const files = await writeExport(
      exportDir,
      [{ localId: 'uid-lea', email: 'lea@exemple.fr', emailVerified: true, passwordHash: await firebaseHash(OLD_PASSWORD, 'c2VsLWxlYQ=='), salt: 'c2VsLWxlYQ==' }],
      'node-firestore-import-export',
      {
        users: { 'uid-lea': { username: 'lea', firstname: 'Léa', lastname: 'Martin', accountType: 'user', surveys: { 'pre-use': true }, pastTrips: [] } },
        'WaitingList/words/list': { w1: { content: 'Vivement les trajets pour le derby !', author: 'uid-lea', public: true, vip: false } },
        'WaitingList/sports/list': { kayak: { emoji: '🛶', submittedBy: 'uid-lea', public: true, reactions: { love: ['uid-lea'], wow: [], no: [] } } },
      },
    );
    // The site's folder, moved in before the site starts (the command's own rule: a stopped site).
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-e2e-'));
    await fs.cp(inject('dataDirTemplate'), dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    try {
      // The old site's public word stays on the wall, as the operator asks with --words-published.
      const report = await importFirebase(database.db, { ...files, subscribed: true, dryRun: false, wordsPublished: true });
      expect(report.skipped).toEqual([]);
    } finally {
      await database.close();
    }
    [site, browser] = await Promise.all([startSite(SITE_ENV, { dataDir }), connectBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await fs.rm(exportDir, { recursive: true, force: true });
  });

  const newsletter = async (page: Page) => (await (await page.request.get(`${site.url}/api/auth/me`)).json()).newsletter;

  it('a member signs in with their old password and finds their word, their vote, their survey; the old unsubscribe link works', async () => {
    const { page, context } = await openPage(browser, site.url, 'mobile');
    await signIn(page, 'lea@exemple.fr', OLD_PASSWORD);
    await page.getByText('Léa Martin').first().waitFor();

    await page.goto('/');
    await page.getByText('Vivement les trajets pour le derby !').waitFor();

    await page.goto('/vote');
    const love = page.locator('li', { hasText: 'Kayak' }).getByRole('button', { name: "J'adore", exact: true });
    // The list comes prerendered; the member's own reactions follow it.
    await expect.poll(() => love.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await shoot(page, 'firebase-moved-in-vote-mobile');

    await page.goto('/calshare/surveys/pre-use');
    await page.getByRole('heading', { name: 'Tu as déjà répondu à ce questionnaire' }).waitFor();

    // The link at the bottom of a newsletter sent from the old site names the member by their Firebase uid.
    expect(await newsletter(page)).toBe(true);
    await page.goto('/newsletter-unsubscribe/uid-lea');
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu a bien été supprimé de la newsletter' }).waitFor();
    expect(await newsletter(page)).toBe(false);
    await context.close();
  });
});
