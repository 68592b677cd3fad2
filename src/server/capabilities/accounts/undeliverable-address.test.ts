import { expect, it } from 'vitest';
import { registerAdmin, registerMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';

// Decision 0019, as the site sees it: what follows from an address refused for good.
const test = setUpTestApp();

const get = (url: string, cookie: string) => test.app.inject({ method: 'GET', url, headers: { cookie } });

/** What the app's mailer records when a server answers 550 to RCPT TO (mail/undeliverable.test.ts). */
const refusedForGood = (email: string) =>
  test.database.db
    .updateTable('users')
    .set({ email_undeliverable_at: new Date(), email_undeliverable_reason: '550 5.1.1 Mailbox unavailable' })
    .where('email', '=', email)
    .execute();

it('tells the member, leaves them out of the newsletter and tells the admin how many, until a new link is opened', async () => {
  const admin = await registerAdmin(test.app, test.database);
  const member = await registerMember(test.app, { newsletter: true });
  const recipients = async () => (await get('/api/admin/newsletter/recipients?filter=users', admin.cookie)).json();
  const before = await recipients();
  await refusedForGood(member.email);

  expect((await get('/api/auth/me', member.cookie)).json()).toMatchObject({ emailVerified: true, emailUndeliverable: true });
  expect(await recipients()).toEqual({ count: before.count - 1, undeliverable: before.undeliverable + 1 });

  // A verified member may ask for a link again, since the address failed; opening it proves the address works.
  const links = () => test.mailbox.messages.filter((message) => message.recipients.includes(member.email) && message.parsed.subject === 'Confirme ton adresse mail');
  const sent = links().length;
  const asked = await test.app.inject({ method: 'POST', url: '/api/account/verification-mail', headers: { cookie: member.cookie }, payload: {} });
  expect(asked.statusCode).toBe(204);
  while (links().length === sent) await new Promise((resolve) => setTimeout(resolve, 20));
  const token = /\/verifier-adresse\/([A-Za-z0-9_-]{43})$/m.exec(links().at(-1)!.parsed.text ?? '')![1];
  expect((await test.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);

  expect((await get('/api/auth/me', member.cookie)).json()).toMatchObject({ emailVerified: true, emailUndeliverable: false });
  expect(await recipients()).toEqual(before);
  // A member whose address works gets no second link.
  const again = await test.app.inject({ method: 'POST', url: '/api/account/verification-mail', headers: { cookie: member.cookie }, payload: {} });
  expect(again.statusCode).toBe(409);
});
