import { createSecretKey } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rotateSecret } from '../../platform/db/signing-secrets';
import { registerAdmin, registerMember, sessionCookie, type TestMember } from '../../platform/testing/members';
import { createTestApp, setUpTestApp, type TestApp } from '../../testing/test-app';
import { insertAccounts } from '../../platform/testing/accounts';
import { UNSUBSCRIBE_SECRET, unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

const LETTER = { letter: 'Des nouvelles !', desc: 'Quoi de neuf' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('unsubscribing', () => {
  let test: TestApp;
  let admin: TestMember;

  beforeAll(async () => {
    test = await createTestApp();
    admin = await registerAdmin(test.app, test.database);
  });
  afterAll(async () => test.close());

  const subscribed = async (userId: string) =>
    (await test.database.db.selectFrom('users').select('newsletter').where('id', '=', userId).executeTakeFirstOrThrow()).newsletter;
  const unsubscribe = (userId: string, cookie?: string) =>
    test.app.inject({ method: 'POST', url: '/api/fn/newsletter-unsubscribe', headers: cookie ? { cookie } : {}, payload: { userId } });
  const tokenFor = async (userId: string) => unsubscribeToken(await unsubscribeSecret(test.database.db), userId);
  const oneClick = (token: string, payload = 'List-Unsubscribe=One-Click', headers: Record<string, string> = FORM) =>
    test.app.inject({ method: 'POST', url: `/api/newsletter/one-click?token=${encodeURIComponent(token)}`, headers, payload });

  it('lets a signed-in member unsubscribe their own account (spec §7 newsletter-unsubscribe), twice without harm', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    expect((await unsubscribe(member.uuid)).statusCode).toBe(401);
    const response = await unsubscribe(member.uuid, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { unsubscribed: true } });
    expect(await subscribed(member.uuid)).toBe(false);
    expect((await unsubscribe(member.uuid, member.cookie)).statusCode).toBe(200);
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } });
    expect(me.json().newsletter).toBe(false);
  });

  it('refuses another member’s id, unless the caller is an admin', async () => {
    const [lea, tom] = [await registerMember(test.app, { newsletter: true }), await registerMember(test.app, { newsletter: true })];
    const response = await unsubscribe(tom.uuid, lea.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'newsletter/not-your-account', message: 'Ce lien de désinscription correspond à un autre compte 🙁' });
    expect(await subscribed(tom.uuid)).toBe(true);
    expect((await unsubscribe(tom.uuid, admin.cookie)).statusCode).toBe(200);
    expect(await subscribed(tom.uuid)).toBe(false);
    const unknown = await unsubscribe('00000000-0000-4000-8000-000000000000', admin.cookie);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'newsletter/unknown-user']);
  });

  it('finds a member moved in from Firebase by the uid of the old site’s links, even one shaped like our ids', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const uid = '11111111-1111-4111-8111-111111111111';
    await test.database.db.updateTable('users').set({ firebase_uid: uid }).where('id', '=', member.uuid).execute();
    expect((await unsubscribe(uid, member.cookie)).json()).toEqual({ data: { unsubscribed: true } });
    expect(await subscribed(member.uuid)).toBe(false);
    await test.database.db.updateTable('users').set({ newsletter: true }).where('id', '=', member.uuid).execute();
    expect((await unsubscribe(uid, admin.cookie)).statusCode).toBe(200);
    expect(await subscribed(member.uuid)).toBe(false);
  });

  it('writes in the journal an admin unsubscribing another member, and not a member unsubscribing themselves', async () => {
    const journal = (targetId: string) =>
      test.database.db.selectFrom('journal').select(['actor_id', 'kind', 'target_type', 'summary']).where('target_id', '=', targetId).orderBy('id').execute();
    const member = await registerMember(test.app, { newsletter: true });
    expect((await unsubscribe(member.uuid, admin.cookie)).statusCode).toBe(200);
    expect(await journal(member.uuid)).toEqual([
      { actor_id: admin.uuid, kind: 'newsletter/unsubscribe', target_type: 'user', summary: `${member.username} (${member.email})` },
    ]);
    expect((await unsubscribe(admin.uuid, admin.cookie)).statusCode).toBe(200);
    expect(await journal(admin.uuid)).toEqual([]);
  });

  it('lets a member subscribe again from the account page', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const put = (subscribedValue: unknown, cookie?: string) =>
      test.app.inject({ method: 'PUT', url: '/api/account/newsletter', headers: cookie ? { cookie } : {}, payload: { subscribed: subscribedValue } });
    expect((await put(false)).statusCode).toBe(401);
    expect((await put(false, member.cookie)).json()).toEqual({ subscribed: false });
    expect(await subscribed(member.uuid)).toBe(false);
    expect((await put('oui', member.cookie)).statusCode).toBe(400);
    expect((await put(true, member.cookie)).json()).toEqual({ subscribed: true });
    expect(await subscribed(member.uuid)).toBe(true);
  });

  it('unsubscribes without login through the signed one-click URL (RFC 8058), even posted by another site', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const response = await oneClick(await tokenFor(member.uuid), 'List-Unsubscribe=One-Click', { ...FORM, origin: 'https://mail.google.com' });
    expect(response.statusCode).toBe(200);
    expect(await subscribed(member.uuid)).toBe(false);
  });

  it('accepts the one-click body as multipart/form-data too', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const boundary = '----unissons';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const response = await oneClick(await tokenFor(member.uuid), body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(response.statusCode).toBe(200);
    expect(await subscribed(member.uuid)).toBe(false);
  });

  it('refuses a tampered, foreign or malformed token, and a POST without the one-click body', async () => {
    const [lea, tom] = [await registerMember(test.app, { newsletter: true }), await registerMember(test.app, { newsletter: true })];
    const token = await tokenFor(lea.uuid);
    const signature = token.slice(token.indexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [
      `${lea.uuid}.${flipped}`,
      `${tom.uuid}.${signature}`,
      `${lea.uuid}.${signature}x`,
      lea.uuid,
      `${lea.uuid}.`,
      'nimporte-quoi',
    ]) {
      const response = await oneClick(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code, bad).toBe('newsletter/invalid-link');
    }
    expect((await oneClick(token, 'List-Unsubscribe=Autre')).statusCode).toBe(400);
    expect((await oneClick(token, JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await oneClick(token, 'List-Unsubscribe=One-Click', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect(await subscribed(lea.uuid)).toBe(true);
    expect(await subscribed(tom.uuid)).toBe(true);
    // Form bodies stay refused everywhere else (the app's CSRF rule).
    const elsewhere = await test.app.inject({ method: 'POST', url: '/api/fn/newsletter-unsubscribe', headers: { ...FORM, cookie: lea.cookie }, payload: `userId=${lea.uuid}` });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('sends a browser that opens the one-click URL to the unsubscribe page, without unsubscribing', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const response = await test.app.inject({ method: 'GET', url: `/api/newsletter/one-click?token=${await tokenFor(member.uuid)}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/newsletter-unsubscribe/${member.uuid}`);
    expect(await subscribed(member.uuid)).toBe(true);
  });

  it('keeps the signing secret in the database, so every instance checks the same signature', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const token = await tokenFor(member.uuid);
    const other = await test.database.db.selectFrom('settings').select('value').where('key', '=', 'newsletter.unsubscribeSecret').executeTakeFirstOrThrow();
    const { current } = other.value as { current: string };
    expect(unsubscribeToken(createSecretKey(Buffer.from(current, 'base64url')), member.uuid)).toBe(token);
  });

  it('after a rotation, honours the one-click links of letters already sent for 90 days, then refuses them', async () => {
    const DAY = 86_400_000;
    const [early, late] = [await registerMember(test.app, { newsletter: true }), await registerMember(test.app, { newsletter: true })];
    const [earlyLink, lateLink] = [await tokenFor(early.uuid), await tokenFor(late.uuid)];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await rotateSecret(test.database.db, UNSUBSCRIBE_SECRET);
      vi.advanceTimersByTime(89 * DAY);
      expect((await oneClick(earlyLink)).statusCode).toBe(200);
      expect(await subscribed(early.uuid)).toBe(false);
      // Letters sent since carry links signed with the new secret.
      const renewed = await tokenFor(late.uuid);
      expect(renewed).not.toBe(lateLink);

      vi.advanceTimersByTime(2 * DAY);
      const refused = await oneClick(lateLink);
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'newsletter/invalid-link']);
      expect(await subscribed(late.uuid)).toBe(true);
      expect((await oneClick(renewed)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no later newsletter to a member who unsubscribed', async () => {
    const [stays, leaves, leavesLater] = await insertAccounts(test.database.db, 3);
    await test.database.db.updateTable('users').set({ newsletter: false }).where('id', 'not in', [stays.id, leaves.id, leavesLater.id]).execute();
    const oneClickUnsubscribe = async (userId: string) => expect((await oneClick(await tokenFor(userId))).statusCode).toBe(200);

    await oneClickUnsubscribe(leaves.id);
    const later = await test.app.inject({
      method: 'POST',
      url: '/api/fn/newsletter-send',
      headers: { cookie: admin.cookie },
      payload: { ...LETTER, title: 'Après la désinscription' },
    });
    expect(later.json().data.total).toBe(2);
    await test.mailbox.waitFor(stays.email, (mail) => mail.parsed.subject === 'Après la désinscription');
    await test.mailbox.waitFor(leavesLater.email, (mail) => mail.parsed.subject === 'Après la désinscription');
    expect(test.mailbox.messages.some((mail) => mail.recipients.includes(leaves.email))).toBe(false);

    await oneClickUnsubscribe(leavesLater.id);
    const next = await test.app.inject({
      method: 'POST',
      url: '/api/fn/newsletter-send',
      headers: { cookie: admin.cookie },
      payload: { ...LETTER, title: 'Encore plus tard' },
    });
    expect(next.json().data.total).toBe(1);
    await test.mailbox.waitFor(stays.email, (mail) => mail.parsed.subject === 'Encore plus tard');
    expect(test.mailbox.messages.filter((mail) => mail.recipients.includes(leavesLater.email))).toHaveLength(1);
  });
});

describe('an admin unsubscribing another member, as staff must have a second factor (STAFF_TWO_FACTOR=required)', () => {
  const test = setUpTestApp({ STAFF_TWO_FACTOR: 'required' });
  const post = (url: string, payload: object, cookie?: string) => test.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const subscribed = async (userId: string) =>
    (await test.database.db.selectFrom('users').select('newsletter').where('id', '=', userId).executeTakeFirstOrThrow()).newsletter;

  /** An admin who turned on an authenticator app, then signed in again through both steps. */
  async function adminWithSecondFactor(): Promise<TestMember> {
    const admin = await registerAdmin(test.app, test.database);
    const { secret } = (await post('/api/account/two-factor/totp/setup', {}, admin.cookie)).json();
    const code = (periodsAhead: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + periodsAhead * 30_000 });
    expect((await post('/api/account/two-factor/totp', { code: code(0) }, admin.cookie)).statusCode).toBe(200);
    const { ticket } = (await post('/api/auth/login', { email: admin.email, password: admin.password })).json().secondFactor;
    // The enrolment's code was the current one: the next period's is the one to use.
    return { ...admin, cookie: sessionCookie(await post('/api/auth/second-factor', { ticket, code: code(1) })) };
  }

  it('refuses an admin signed in by password alone, who may still unsubscribe their own account, and lets one with a second factor', async () => {
    const member = await registerMember(test.app, { newsletter: true });
    const passwordOnly = await registerAdmin(test.app, test.database);
    const refused = await post('/api/fn/newsletter-unsubscribe', { userId: member.uuid }, passwordOnly.cookie);
    expect([refused.statusCode, refused.json().error?.code]).toEqual([403, 'auth/second-factor-required']);
    expect(await subscribed(member.uuid)).toBe(true);
    expect((await post('/api/fn/newsletter-unsubscribe', { userId: passwordOnly.uuid }, passwordOnly.cookie)).statusCode).toBe(200);

    const admin = await adminWithSecondFactor();
    expect((await post('/api/fn/newsletter-unsubscribe', { userId: member.uuid }, admin.cookie)).json()).toEqual({ data: { unsubscribed: true } });
    expect(await subscribed(member.uuid)).toBe(false);
  });
});
