import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CapturedMail } from '../../src/server/platform/testing/mailbox';
import { createMember, shoot, signIn, SITE_ENV, type Member } from './accounts-support';
import { browserAvailable, openPage, settle } from './support/browser';
import { ADMIN } from './support/site';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`newsletter unsubscribe ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);
  let lea: Member;
  let tom: Member;
  let zoe: Member;
  const mails = new Map<string, CapturedMail>();

  async function session(email: string, password: string): Promise<string> {
    const response = await fetch(`${suite.site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie()[0].split(';')[0];
  }

  async function subscribed(member: Member): Promise<boolean> {
    const me = await fetch(`${suite.site.url}/api/auth/me`, { headers: { cookie: await session(member.email, member.password) } });
    return (await me.json()).newsletter;
  }

  beforeAll(async () => {
    lea = await createMember(suite.site, { firstname: 'Léa', newsletter: true });
    tom = await createMember(suite.site, { firstname: 'Tom', newsletter: true });
    zoe = await createMember(suite.site, { firstname: 'Zoé', newsletter: true });
    const response = await fetch(`${suite.site.url}/api/fn/newsletter-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await session(ADMIN.email, ADMIN.password) },
      body: JSON.stringify({ title: 'Bienvenue', desc: 'Premières nouvelles', letter: 'Bonjour à **tous** !' }),
    });
    expect(response.status).toBe(200);
    for (const member of [lea, tom, zoe]) mails.set(member.email, await suite.site.mailbox.waitFor(member.email, (mail) => mail.parsed.subject === 'Bienvenue'));
  });

  /** The path of the personal link at the bottom of the member's newsletter. */
  function unsubscribeLink(member: Member): string {
    const url = /href="([^"]*\/newsletter-unsubscribe\/[^"]+)"/.exec(mails.get(member.email)!.parsed.html!)![1];
    return new URL(url).pathname;
  }

  it('only asks when the page opens: a crafted link alone unsubscribes nobody', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop');
    const unsubscribing: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/fn/newsletter-unsubscribe')) unsubscribing.push(request.url());
    });
    // Signed in as the admin, the one account the server lets unsubscribe others.
    await signIn(page, ADMIN.email, ADMIN.password, unsubscribeLink(lea));
    await page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }).waitFor();
    // Shown once the page knows who is signed in: the page has run what it runs on load.
    await page.getByText('Attention : ce lien concerne un autre compte que le tien.').waitFor();
    // Every request it made is answered, and rendered.
    await settle(page);
    expect(unsubscribing).toEqual([]);
    expect(await subscribed(lea)).toBe(true);
    await context.close();
  });

  it('unsubscribes a member who follows the link in the mail, signs in and confirms', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const member = viewport === 'mobile' ? lea : tom;
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await signIn(page, member.email, member.password, unsubscribeLink(member));
      await page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }).waitFor();
      await shoot(page, `newsletter-unsubscribe-ask-${viewport}`);
      expect(await subscribed(member)).toBe(true);
      await page.getByRole('button', { name: 'Me désinscrire' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tu a bien été supprimé de la newsletter' }).waitFor();
      await shoot(page, `newsletter-unsubscribed-${viewport}`);
      expect(await subscribed(member)).toBe(false);
      await context.close();
    }
  });

  it('refuses another member’s link, with the server’s message', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { expectedStatuses: [403] });
    await signIn(page, zoe.email, zoe.password, unsubscribeLink(lea));
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await page.getByRole('heading', { level: 1, name: 'Une erreur est survenue' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Ce lien de désinscription correspond à un autre compte');
    await shoot(page, 'newsletter-unsubscribe-error-mobile');
    expect(await subscribed(zoe)).toBe(true);
    await context.close();
  });

  it('unsubscribes without login through the one-click URL of the List-Unsubscribe header', async () => {
    const header = mails.get(zoe.email)!.parsed.headers.find((entry) => entry.key === 'list-unsubscribe')!.value;
    const url = new URL(/^<(.+)>$/.exec(header)![1]);
    const response = await fetch(`${suite.site.url}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await subscribed(zoe)).toBe(false);
  });
});
