import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TextDetail, TextList } from '../../src/shared/texts';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { adminCookie, apiJson } from './calshare-support';
import { browserAvailable, openPage, screenshot } from './support/browser';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`texts editor ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let editor: Member;
  let cookie: string;
  let wiki: TextList['texts'];

  beforeAll(async () => {
    // A new member, made 'Rédacteur' by an admin through the members' API.
    editor = await createMember(suite.site, { firstname: 'Rita' });
    cookie = await adminCookie(suite.site);
    const found = await apiJson<{ members: { uuid: string; email: string }[] }>(suite.site, `/api/admin/members?q=${encodeURIComponent(editor.email)}`, { cookie });
    const uuid = found.body.members.find((member) => member.email === editor.email)!.uuid;
    expect((await apiJson(suite.site, `/api/admin/members/${uuid}/roles`, { method: 'POST', body: { role: 'editor', granted: true }, cookie })).status).toBe(200);
    wiki = (await apiJson<TextList>(suite.site, '/api/admin/texts', { cookie })).body.texts.filter((text) => text.kind === 'wiki');
    expect(wiki.length).toBeGreaterThanOrEqual(2);
  });

  async function editPublishRestore(page: Page, allow: (...statuses: number[]) => void, text: TextList['texts'][number], size: 'mobile' | 'desktop') {
    const original = (await apiJson<TextDetail>(suite.site, `/api/admin/texts/${text.id}`, { cookie })).body.published;

    // The editor's /admin lists the texts' page, and nothing of the members or the newsletter.
    await signIn(page, editor.email, editor.password, '/admin');
    const home = page.getByRole('link', { name: 'Textes du site' });
    await home.waitFor();
    expect(await page.getByRole('link', { name: 'Membres' }).count()).toBe(0);
    await home.click();
    await page.getByRole('heading', { level: 1, name: 'Textes du site' }).waitFor();
    await shoot(page, `texts-list-${size}`);
    // In the list of every text (a wiki article is in the wiki's menu too).
    const texts = page.getByRole('list', { name: 'Textes' });
    const href = `a[href="/admin/textes/${text.id}"]`;
    const link = texts.locator(href);
    await link.click();
    await page.getByRole('heading', { level: 1, name: /^Modifier « / }).waitFor();

    // Typed: the preview follows, and the draft is saved as one types.
    const body = page.getByLabel('Texte', { exact: true });
    const edited = `## Une section ajoutée en ${size}\n\nCe texte est **en gras** et [un lien](https://exemple.fr).\n\n${original.body}`;
    await body.fill(edited);
    const preview = page.getByRole('region', { name: 'Aperçu', exact: true });
    await preview.getByRole('heading', { name: `Une section ajoutée en ${size}` }).waitFor();
    expect(await preview.getByRole('link', { name: 'un lien' }).getAttribute('rel')).toBe('noopener noreferrer');
    await page.getByText(/^Brouillon enregistré à/).waitFor();

    // A reload (a closed tab): the draft comes back.
    await page.reload();
    await page.getByText(/Ton brouillon du .* est revenu/).waitFor();
    expect(await body.inputValue()).toBe(edited);
    await page.goto('/admin/textes');
    await texts.getByRole('listitem').filter({ has: page.locator(href) }).getByText('Brouillon en cours').waitFor();
    await link.click();
    await body.waitFor();

    const form = await page.getByRole('form', { name: 'Rédaction du texte' }).boundingBox();
    const shown = await preview.boundingBox();
    if (size === 'mobile') {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(shown!.y).toBeGreaterThanOrEqual(form!.y + form!.height);
    } else {
      expect(shown!.x).toBeGreaterThanOrEqual(form!.x + form!.width);
    }
    await shoot(page, `texts-editor-${size}`);

    await page.getByRole('button', { name: 'Publier' }).click();
    const published = page.getByText(`Version ${original.version + 1} publiée : elle est en ligne.`);
    await published.waitFor();
    expect(await published.evaluate((element) => element === document.activeElement)).toBe(true);
    const history = page.getByRole('region', { name: 'Historique' });
    const newest = history.getByRole('listitem').first();
    await newest.getByText(`Version ${original.version + 1}`).waitFor();
    await newest.getByText(new RegExp(`par ${editor.username}$`)).waitFor();
    expect((await apiJson<TextDetail>(suite.site, `/api/admin/texts/${text.id}`, { cookie })).body.published.body).toBe(edited);

    // The diff of the previous version against the one online, then 'Restaurer'.
    await history.getByRole('button', { name: `Comparer la version ${original.version} avec la ${original.version + 1}` }).click();
    const diff = page.getByRole('region', { name: `Ce qui change de la version ${original.version} à la version ${original.version + 1} en ligne` });
    await diff.locator('ins', { hasText: `Une section ajoutée en ${size}` }).first().waitFor();
    await screenshot(diff, `texts-diff-${size}`);
    await history.getByRole('button', { name: `Restaurer la version ${original.version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restaurer la version ${original.version} ?` });
    await dialog.waitFor();
    await screenshot(page, `texts-restore-${size}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Restaurer' }).click();
    await page.getByText(`Version ${original.version} restaurée : elle est en ligne comme version ${original.version + 2}.`).waitFor();
    await history.getByText(`restaurée de la version ${original.version}`).waitFor();
    expect(await body.inputValue()).toBe(original.body);
    expect((await apiJson<TextDetail>(suite.site, `/api/admin/texts/${text.id}`, { cookie })).body.published).toMatchObject({ version: original.version + 2, body: original.body, restoredFrom: original.version });
    await shoot(page, `texts-restored-${size}`);

    // Two at once: an admin publishes while the editor writes; the editor is told, sees the
    // admin's version, and publishes over it only after choosing to.
    const mine = `${original.body}\n\nUne phrase de la rédactrice.`;
    await body.fill(mine);
    await page.getByText(/^Brouillon enregistré à/).waitFor();
    const theirs = { ...original, body: `Le texte de l’admin.\n\n${original.body}`, baseVersion: original.version + 2 };
    expect((await apiJson(suite.site, `/api/admin/texts/${text.id}/publish`, { method: 'POST', body: { title: theirs.title, description: theirs.description, applicable: theirs.applicable, body: theirs.body, baseVersion: theirs.baseVersion }, cookie })).status).toBe(200);
    // Told at once, before trying to publish, by an alert that leaves the focus in the text.
    const meanwhile = page.getByRole('alert').filter({ hasText: 'pendant que tu écrivais' });
    await meanwhile.getByText(new RegExp(`version ${original.version + 3}, publiée le`)).waitFor();
    expect(await body.evaluate((element) => element === document.activeElement)).toBe(true);
    await meanwhile.scrollIntoViewIfNeeded();
    await screenshot(page, `texts-meanwhile-${size}`, { fullPage: false });
    // The refused publication's answer, which the page turns into what follows.
    allow(409);
    await page.getByRole('button', { name: 'Publier' }).click();
    const told = page.getByRole('heading', { name: "Une autre version vient d'être publiée" });
    await told.waitFor();
    // The focus moves once the alert is drawn: on a loaded machine, a moment after it appears.
    await expect.poll(() => told.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('region', { name: `Sa version (version ${original.version + 3}, en ligne)` }).getByText('Le texte de l’admin.').waitFor();
    expect(await body.inputValue()).toBe(mine);
    expect((await apiJson<TextDetail>(suite.site, `/api/admin/texts/${text.id}`, { cookie })).body.published.body).toBe(theirs.body);
    await shoot(page, `texts-conflict-${size}`);
    await told.scrollIntoViewIfNeeded();
    await screenshot(page, `texts-conflict-told-${size}`, { fullPage: false });
    await page.getByRole('button', { name: 'Continuer avec ma version' }).click();
    await page.getByRole('button', { name: 'Publier' }).click();
    await page.getByText(`Version ${original.version + 4} publiée : elle est en ligne.`).waitFor();
    expect((await apiJson<TextDetail>(suite.site, `/api/admin/texts/${text.id}`, { cookie })).body.published.body).toBe(mine);
  }

  it('an editor edits a wiki article on a phone: preview below, draft kept across a reload, publish, history, restore, and a publication over an admin’s refused until they choose', async () => {
    const { page, context, allow } = await openPage(suite.browser, suite.site.url, 'mobile');
    await editPublishRestore(page, allow, wiki[0], 'mobile');
    await context.close();
  });

  it('the same on a desktop, the preview beside the editor', async () => {
    const { page, context, allow } = await openPage(suite.browser, suite.site.url, 'desktop');
    await editPublishRestore(page, allow, wiki[1], 'desktop');
    await context.close();
  });
});
