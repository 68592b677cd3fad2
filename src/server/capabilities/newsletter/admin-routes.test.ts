import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterSummary } from '../../../shared/newsletter/api';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertAccounts } from '../../platform/testing/accounts';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

const LETTER = { letter: '## Au programme\n\n- Un **tournoi**\n- Une [sortie](https://exemple.fr/sortie)', title: 'Les nouvelles de mars', desc: 'Tournoi et sortie' };

describe('the newsletter editor’s API', () => {
  let test: TestApp;
  let admin: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await registerAdmin(test.app, test.database);
    member = await registerMember(test.app, { newsletter: true });
  });
  afterAll(async () => test.close());

  const post = (url: string, payload: object, cookie = admin.cookie) =>
    test.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get = (url: string, cookie = admin.cookie) => test.app.inject({ method: 'GET', url, headers: { cookie } });

  async function history(): Promise<NewsletterSummary[]> {
    return (await get('/api/admin/newsletters')).json().newsletters;
  }

  async function sentTo(title: string): Promise<string[]> {
    return test.mailbox.messages.filter((mail) => mail.parsed.subject === title).flatMap((mail) => mail.recipients);
  }

  /** Waits for the app's own worker to finish a sending. */
  async function settled(newsletterId: string): Promise<NewsletterSummary> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const summary = (await history()).find((entry) => entry.id === newsletterId);
      if (summary && summary.pending === 0) return summary;
      if (Date.now() > deadline) throw new Error(`sending not finished: ${JSON.stringify(summary)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function subscribedEmails(accountType?: 'user' | 'organisation'): Promise<string[]> {
    // Subscribed and verified: an unverified address gets no newsletter (decision 0018).
    let query = test.database.db.selectFrom('users').select('email').where('newsletter', '=', true).where('email_verified_at', 'is not', null);
    if (accountType) query = query.where('account_type', '=', accountType);
    return (await query.execute()).map((row) => row.email).sort();
  }

  it('is for admins only: 401 signed out, 403 for a member', async () => {
    const calls = [
      ['POST', '/api/fn/newsletter-sendTest', { ...LETTER, email: member.email, userId: member.uuid }],
      ['POST', '/api/fn/newsletter-send', LETTER],
      ['POST', '/api/admin/newsletter/preview', LETTER],
      ['GET', '/api/admin/newsletter/recipients', undefined],
      ['GET', '/api/admin/newsletters', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const signedOut = await test.app.inject({ method, url, payload });
      expect(signedOut.statusCode, url).toBe(401);
      const asMember = await test.app.inject({ method, url, payload, headers: { cookie: member.cookie } });
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json().error.code).toBe('http/forbidden');
    }
    expect(test.mailbox.messages.filter((mail) => mail.parsed.subject?.includes(LETTER.title))).toHaveLength(0);
    expect(await history()).toEqual([]);
  });

  it('sends a test mail to the test address, personalised for the test account, subject prefixed [TEST]', async () => {
    const response = await post('/api/fn/newsletter-sendTest', { ...LETTER, email: 'relecture@exemple.fr', userId: member.uuid, filter: 'users' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { sent: true } });
    const mail = await test.mailbox.waitFor('relecture@exemple.fr');
    expect(mail.parsed.subject).toBe(`[TEST] ${LETTER.title}`);
    expect(mail.parsed.html).toContain('Bonjour Camille,');
    expect(mail.parsed.html).toContain(`/newsletter-unsubscribe/${member.uuid}`);
    expect(mail.parsed.text).toContain(`http://localhost:3000/newsletter-unsubscribe/${member.uuid}`);
    // A test is not a sending: nothing is recorded, nobody else gets it.
    expect(await history()).toEqual([]);
    expect(test.mailbox.messages.some((entry) => entry.recipients.includes(member.email) && entry.parsed.subject?.includes(LETTER.title))).toBe(false);
  });

  it('refuses a test without a valid address or an existing test account, and bad content', async () => {
    const badEmail = await post('/api/fn/newsletter-sendTest', { ...LETTER, email: 'pas-une-adresse', userId: member.uuid });
    expect([badEmail.statusCode, badEmail.json().error.code]).toEqual([400, 'users/invalid-email']);
    const unknown = await post('/api/fn/newsletter-sendTest', { ...LETTER, email: 'a@exemple.fr', userId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'newsletter/unknown-user']);
    expect(unknown.json().error.message).toBe('Aucun compte ne correspond à cet identifiant 🙁');
    const notUuid = await post('/api/fn/newsletter-sendTest', { ...LETTER, email: 'a@exemple.fr', userId: 'moi' });
    expect(notUuid.json().error.code).toBe('newsletter/unknown-user');
    const noTitle = await post('/api/fn/newsletter-send', { ...LETTER, title: '  ' });
    expect([noTitle.statusCode, noTitle.json().error.code]).toEqual([400, 'newsletter/invalid-title']);
    const twoLines = await post('/api/fn/newsletter-send', { ...LETTER, title: 'Titre\r\nBcc: tous@exemple.fr' });
    expect(twoLines.json().error.code).toBe('newsletter/invalid-title');
    const noLetter = await post('/api/fn/newsletter-send', { ...LETTER, letter: '' });
    expect(noLetter.json().error.code).toBe('newsletter/invalid-letter');
    const badFilter = await post('/api/fn/newsletter-send', { ...LETTER, filter: 'admins' });
    expect([badFilter.statusCode, badFilter.json().error.code]).toEqual([400, 'http/bad-request']);
    const extra = await post('/api/fn/newsletter-send', { ...LETTER, bcc: 'x@exemple.fr' });
    expect(extra.statusCode).toBe(400);
    expect(await history()).toEqual([]);
  });

  it('accepts a long letter, beyond the 64 kB JSON limit of other routes', async () => {
    const letter = 'Éè'.repeat(24_000);
    const response = await post('/api/admin/newsletter/preview', { ...LETTER, letter });
    expect(response.statusCode).toBe(200);
  });

  it('previews the e-mail as the admin would receive it', async () => {
    const response = await post('/api/admin/newsletter/preview', { ...LETTER, title: 'Le <b>titre</b>' });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.subject).toBe('Le <b>titre</b>');
    expect(preview.html).toContain('Le &lt;b&gt;titre&lt;/b&gt;');
    expect(preview.html).toContain('<strong>tournoi</strong>');
    expect(preview.html).toContain('Tournoi et sortie');
    expect(preview.html).toContain(`/newsletter-unsubscribe/${admin.uuid}`);
    expect(preview.text).toContain('- Un tournoi');
    expect(preview.text).toContain('sortie (https://exemple.fr/sortie)');
  });

  it('counts and sends to the chosen target: organisations, persons, or both', async () => {
    await insertAccounts(test.database.db, 2, { accountType: 'organisation' });
    await insertAccounts(test.database.db, 3);
    // Subscribed, but their addresses were never proven: counted nowhere, sent nothing.
    const unverified = [
      ...(await insertAccounts(test.database.db, 1, { accountType: 'organisation', verified: false })),
      ...(await insertAccounts(test.database.db, 2, { verified: false })),
    ].map((account) => account.email);
    const counts = async (query: string) => (await get(`/api/admin/newsletter/recipients${query}`)).json().count;
    expect(await counts('?filter=organisations')).toBe((await subscribedEmails('organisation')).length);
    expect(await counts('?filter=users')).toBe((await subscribedEmails('user')).length);
    expect(await counts('')).toBe((await subscribedEmails()).length);
    expect((await get('/api/admin/newsletter/recipients?filter=tous')).statusCode).toBe(400);

    for (const [filter, accountType] of [
      ['organisations', 'organisation'],
      ['users', 'user'],
      [undefined, undefined],
    ] as const) {
      const title = `Pour ${filter ?? 'tout le monde'}`;
      const response = await post('/api/fn/newsletter-send', { ...LETTER, title, ...(filter ? { filter } : {}) });
      expect(response.statusCode).toBe(200);
      const { newsletterId, total } = response.json().data;
      const expected = await subscribedEmails(accountType);
      expect(total).toBe(expected.length);
      const summary = await settled(newsletterId);
      expect(summary).toMatchObject({ title, filter: filter ?? null, total: expected.length, sent: expected.length, failed: 0 });
      expect((await sentTo(title)).sort()).toEqual(expected);
    }
    const received = test.mailbox.messages.filter((mail) => mail.parsed.subject?.startsWith('Pour ')).flatMap((mail) => mail.recipients);
    expect(received.filter((email) => unverified.includes(email))).toEqual([]);
    expect((await history()).map((entry) => entry.title)).toEqual(['Pour tout le monde', 'Pour users', 'Pour organisations']);
  });

  it('puts RFC 8058 headers, the preheader and a personal unsubscribe link in every mail', async () => {
    const mail = test.mailbox.messages.find((entry) => entry.parsed.subject === 'Pour users' && entry.recipients.includes(member.email))!;
    const header = (name: string) => mail.parsed.headers.find((entry) => entry.key === name)?.value;
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^<http://localhost:3000/api/newsletter/one-click\\?token=${member.uuid}\\.[A-Za-z0-9_-]{43}>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.html).toContain(`http://localhost:3000/newsletter-unsubscribe/${member.uuid}`);
    expect(mail.parsed.html).toContain('Tournoi et sortie');
    expect(mail.parsed.html).toContain('<meta name="viewport"');
    expect(mail.parsed.text).toContain('Bonjour Camille,');
    expect(mail.parsed.text).toContain(`Se désinscrire de la newsletter : http://localhost:3000/newsletter-unsubscribe/${member.uuid}`);
  });

  raceTest('queues one newsletter for two identical requests with the same key (a double click), even at once', async () => {
    await openConnections(test.database.db, 2);
    const request = { ...LETTER, title: 'Double clic', idempotencyKey: 'b7c1f0e2a9d84c6e8f3a5b2c1d0e9f87' };
    const [first, second] = await Promise.all([post('/api/fn/newsletter-send', request), post('/api/fn/newsletter-send', request)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data).toEqual(first.json().data);
    const { newsletterId, total } = first.json().data;
    expect(total).toBe((await subscribedEmails()).length);
    await settled(newsletterId);
    // Later, too: the key still names that newsletter.
    expect((await post('/api/fn/newsletter-send', request)).json().data).toEqual({ newsletterId, total });
    expect((await history()).filter((entry) => entry.title === 'Double clic')).toHaveLength(1);
    expect((await sentTo('Double clic')).sort()).toEqual(await subscribedEmails());

    // Another key is another sending; a key too short to be random is refused.
    const again = await post('/api/fn/newsletter-send', { ...request, idempotencyKey: 'c7c1f0e2a9d84c6e8f3a5b2c1d0e9f87' });
    expect(again.json().data.newsletterId).not.toBe(newsletterId);
    const short = await post('/api/fn/newsletter-send', { ...request, idempotencyKey: 'abc' });
    expect([short.statusCode, short.json().error.code]).toEqual([400, 'http/bad-request']);
  });

  it('leaves a suspended member out of the count and of the sending, and counts them again once reinstated', async () => {
    const suspended = await registerMember(test.app, { newsletter: true });
    const count = async () => (await get('/api/admin/newsletter/recipients?filter=users')).json().count as number;
    const suspend = (value: boolean) => post(`/api/admin/members/${suspended.uuid}/suspension`, { suspended: value });
    const before = await count();
    expect((await suspend(true)).statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
    const response = await post('/api/fn/newsletter-send', { ...LETTER, title: 'Sans les suspendus', filter: 'users' });
    expect(response.json().data.total).toBe(before - 1);
    await settled(response.json().data.newsletterId);
    const received = await sentTo('Sans les suspendus');
    expect(received).toContain(member.email);
    expect(received).not.toContain(suspended.email);
    expect((await suspend(false)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('refuses a sending with nobody to receive it, and keeps nothing of it', async () => {
    await test.database.db.updateTable('users').set({ newsletter: false }).where('account_type', '=', 'organisation').execute();
    const response = await post('/api/fn/newsletter-send', { ...LETTER, title: 'Personne', filter: 'organisations' });
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'newsletter/no-recipients']);
    expect((await history()).some((entry) => entry.title === 'Personne')).toBe(false);
  });
});
