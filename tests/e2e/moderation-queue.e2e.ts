import { describe, expect, inject, it } from 'vitest';
import { createMember, shoot, signIn, SITE_ENV } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { apiSession } from './support/lived-in';
import { axeViolations } from './support/axe';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

const WORDS = [
  'Trop hâte de covoiturer jusqu’au stade avec vous tous !',
  'Un projet qui rassemble, exactement ce qu’il fallait.',
  'Je viendrai au semi de Lyon avec toute ma famille.',
  'Message à refuser au clavier, sans souris.',
];

describe.skipIf(!browserAvailable())(`moderation queue ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('approves a selection after confirming, refuses by keyboard, and says what was done', async () => {
    const members = await Promise.all(WORDS.map(() => createMember(suite.site)));
    for (const [i, member] of members.entries()) {
      const cookie = await apiSession(suite.site, member.email, member.password);
      expect((await apiJson(suite.site, '/api/words', { method: 'POST', body: { content: WORDS[i] }, cookie })).status).toBe(201);
      if (i < 2) await apiJson(suite.site, '/api/sports', { method: 'POST', body: { name: ['Biathlon', 'Padel'][i], emoji: ['🎿', '🎾'][i] }, cookie });
    }

    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/moderation');
      await page.getByRole('heading', { name: 'Raccourcis clavier' }).waitFor();
      await page.getByRole('checkbox', { name: `Sélectionner « ${WORDS[0]} »` }).check();
      await page.getByRole('checkbox', { name: 'Sélectionner « Padel »' }).check();
      await page.getByText('2 éléments sélectionnés').waitFor();
      await shoot(page, `admin-moderation-selection-${viewport}`);
      // Down the list, to its last item, the bar stays whole under the header, whatever the
      // header's height. (Past the queue, with the footer, the bar leaves with its section.)
      await page.locator('li', { hasText: 'Padel' }).evaluate((item) => item.scrollIntoView({ block: 'end' }));
      const header = await page.locator('.site-header').boundingBox();
      await expect
        .poll(async () => (await page.getByRole('region', { name: 'Actions sur la sélection' }).boundingBox())!.y)
        .toBeGreaterThanOrEqual(header!.y + header!.height);
      // With a selection, its bar and its checked items (accessibility-admin.e2e.ts scans the page without).
      expect(await axeViolations(page, '/admin/moderation')).toEqual([]);
      await context.close();
    }

    const { page, context } = await openPage(suite.browser, suite.site.url);
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/moderation');
    await page.getByRole('checkbox', { name: `Sélectionner « ${WORDS[0]} »` }).check();
    await page.getByRole('checkbox', { name: `Sélectionner « ${WORDS[1]} »` }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner « Biathlon »' }).check();
    await page.getByRole('button', { name: 'Approuver la sélection' }).click();
    await page.getByText('Approuver les 3 éléments sélectionnés ?').waitFor();
    await shoot(page, 'admin-moderation-confirm-desktop');
    await page.getByRole('button', { name: 'Oui, approuver' }).click();
    await page.getByText('3 éléments approuvés.').waitFor();
    await page.getByRole('heading', { name: 'Mots de soutien en attente (2)' }).waitFor();
    const wall = (await (await fetch(`${suite.site.url}/api/words`)).json()) as { words: { content: string }[] };
    expect(wall.words.map((word) => word.content)).toEqual(expect.arrayContaining([WORDS[0], WORDS[1]]));

    // By keyboard: J to the items, X to select the last word, Maj+R then Entrée to refuse it.
    await page.locator('body').focus();
    const target = page.locator('li', { hasText: WORDS[3] });
    for (let i = 0; i < 5 && !(await target.evaluate((item) => item === document.activeElement)); i++) await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByText('1 élément sélectionné').waitFor();
    await page.keyboard.press('Shift+R');
    await page.getByText("Refuser l'élément sélectionné ?").waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('1 élément refusé.').waitFor();
    await page.getByRole('heading', { name: 'Mots de soutien en attente (1)' }).waitFor();
    await context.close();
  });

  it("on a phone, says what a tap did, offers 'Annuler', keeps the page still and sends a refusal when the page is left", async () => {
    const texts = ['Refusé puis rendu, au pouce.', 'Approuvé puis repris, au pouce.', 'Le mot suivant, qui prend le focus.'];
    const ids: string[] = [];
    for (const text of texts) {
      const member = await createMember(suite.site);
      const cookie = await apiSession(suite.site, member.email, member.password);
      ids.push((await apiJson<{ id: string }>(suite.site, '/api/words', { method: 'POST', body: { content: text }, cookie })).body.id);
    }
    const admin = await adminCookie(suite.site);
    const pendingIds = async () =>
      (await apiJson<{ pendingWords: { items: { id: string }[] } }>(suite.site, '/api/admin/moderation', { cookie: admin })).body.pendingWords.items.map((word) => word.id);

    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/moderation');
    const item = (text: string) => page.locator('li', { hasText: text });
    const first = item(texts[0]);
    await first.getByRole('button', { name: 'Refuser' }).waitFor();
    // 44 px targets, 16 px apart at least: a thumb meant for one does not land on the other.
    const [approveBox, refuseBox] = await Promise.all(['Approuver', 'Refuser'].map((name) => first.getByRole('button', { name }).boundingBox()));
    expect(approveBox!.height).toBeGreaterThanOrEqual(44);
    expect(refuseBox!.height).toBeGreaterThanOrEqual(44);
    expect(refuseBox!.x - (approveBox!.x + approveBox!.width)).toBeGreaterThanOrEqual(16);

    await first.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(0);
    await first.getByRole('button', { name: 'Refuser' }).tap();
    const status = page.getByRole('status').filter({ hasText: 'Mot refusé.' });
    await status.waitFor();
    await expect(first.count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrollY);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain(texts[1]);
    await screenshot(page, 'admin-moderation-undo-mobile', { fullPage: false });
    await status.getByRole('button', { name: 'Annuler' }).tap();
    await page.getByRole('status').getByText('Refus annulé.').waitFor();
    await first.waitFor();
    expect(await pendingIds()).toContain(ids[0]);

    await item(texts[1]).getByRole('button', { name: 'Approuver' }).tap();
    await page.getByRole('status').getByText('Mot approuvé.').waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain(texts[2]);
    expect(await pendingIds()).not.toContain(ids[1]);
    await page.getByRole('status').getByRole('button', { name: 'Annuler' }).tap();
    await page.getByRole('status').getByText('Approbation annulée.').waitFor();
    await item(texts[1]).waitFor();
    expect(await pendingIds()).toContain(ids[1]);

    // Refused, then the page left before 'Annuler' is gone: the refusal is sent all the same.
    await first.getByRole('button', { name: 'Refuser' }).tap();
    await page.getByRole('status').getByText('Mot refusé.').waitFor();
    await page.goto('/admin');
    await expect.poll(pendingIds).not.toContain(ids[0]);
    await context.close();
  });

  it('shows the newest published words 25 at a time, the next ones with “Voir plus”', async () => {
    const members = await Promise.all(Array.from({ length: 26 }, () => createMember(suite.site)));
    const ids: string[] = [];
    for (const [i, member] of members.entries()) {
      const cookie = await apiSession(suite.site, member.email, member.password);
      ids.push((await apiJson<{ id: string }>(suite.site, '/api/words', { method: 'POST', body: { content: `Mot publié numéro ${i + 1}, en route !` }, cookie })).body.id);
    }
    const admin = await adminCookie(suite.site);
    expect((await apiJson(suite.site, '/api/admin/moderation/bulk', { method: 'POST', body: { action: 'approve', words: ids, sports: [] }, cookie: admin })).status).toBe(200);
    const published = await apiJson<{ publishedWords: { items: unknown[]; next: string | null } }>(suite.site, '/api/admin/moderation', { cookie: admin });
    expect(published.body.publishedWords.items).toHaveLength(25);
    const rest = await apiJson<{ items: unknown[]; next: string | null }>(suite.site, `/api/admin/moderation/published?after=${published.body.publishedWords.next}`, { cookie: admin });
    const total = 25 + rest.body.items.length;
    expect(rest.body.next).toBeNull();

    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, ADMIN.email, ADMIN.password, '/admin/moderation');
    const publishedList = page.locator('section', { has: page.getByRole('heading', { name: 'Mots publiés' }) });
    await publishedList.getByText('25 affichés').waitFor();
    expect(await publishedList.getByRole('button', { name: 'Retirer' }).count()).toBe(25);
    await publishedList.getByRole('button', { name: 'Voir plus' }).click();
    await expect.poll(() => publishedList.getByRole('button', { name: 'Retirer' }).count()).toBe(total);
    expect(await publishedList.getByRole('button', { name: 'Voir plus' }).count()).toBe(0);
    await publishedList.getByText('Mot publié numéro 1, en route !').scrollIntoViewIfNeeded();
    await shoot(page, 'admin-moderation-published-mobile');
    await context.close();
  });

  it('tells the second of two moderators that the word is already approved', async () => {
    const member = await createMember(suite.site);
    const cookie = await apiSession(suite.site, member.email, member.password);
    const { id } = (await apiJson<{ id: string }>(suite.site, '/api/words', { method: 'POST', body: { content: 'Deux modérateurs, un seul mot.' }, cookie })).body;
    const admin = await adminCookie(suite.site);
    const answers = await Promise.all([0, 1].map(() => apiJson<unknown>(suite.site, `/api/admin/words/${id}/approve`, { method: 'POST', body: {}, cookie: admin })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ error: { code: 'moderation/already-done' } });
  });

  it('lets the admin stop the daily digest from the account page', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile');
    await signIn(page, ADMIN.email, ADMIN.password, '/account');
    const digest = page.getByRole('checkbox', { name: 'Recevoir le résumé de modération' });
    await expect(digest.isChecked()).resolves.toBe(true);
    await digest.uncheck();
    await page.getByText('Tu ne recevras plus le résumé de modération.').waitFor();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Recevoir le résumé de modération' }).isChecked()).resolves.toBe(false);
    expect(await axeViolations(page, '/account')).toEqual([]);
    await context.close();
  });
});
