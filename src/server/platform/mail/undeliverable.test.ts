import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { TestSmtp } from '../testing/smtp-server';
import { insertAccounts } from '../testing/accounts';
import { createTestDatabase } from '../testing/test-database';
import { createMailer } from './mailer';
import { markingUndeliverable } from './undeliverable';

let database: DatabaseHandle;
let smtp: TestSmtp;
beforeAll(async () => {
  database = await createTestDatabase();
  // 'inconnu…' does not exist there for good; 'plein…' is full for now.
  smtp = await TestSmtp.start({ refuse: (address) => (address.startsWith('inconnu') ? 550 : address.startsWith('plein') ? 452 : undefined) });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

const mail = (to: string) => ({ to, subject: 'Bonjour', html: '<p>Bonjour</p>', text: 'Bonjour' });

async function undeliverable(email: string) {
  return database.db
    .selectFrom('users')
    .select(['email_undeliverable_at', 'email_undeliverable_reason'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

it('marks an address a server refused for good, once, whatever mail it was, and still fails the send', async () => {
  await insertAccounts(database.db, 2, { emails: ['inconnu@exemple.fr', 'plein@exemple.fr'] });
  const mailer = markingUndeliverable(createMailer({ smtpUrl: smtp.url, from: 'no-reply@exemple.fr', dataDir: '/nonexistent' }), database.db);
  try {
    // The address as the member typed it: the account's is stored lower-cased.
    await expect(mailer.send(mail('Inconnu@Exemple.fr'))).rejects.toMatchObject({ responseCode: 550 });
    const first = await undeliverable('inconnu@exemple.fr');
    expect(first.email_undeliverable_at).toBeInstanceOf(Date);
    expect(first.email_undeliverable_reason).toContain('550');
    await expect(mailer.send(mail('inconnu@exemple.fr'))).rejects.toMatchObject({ responseCode: 550 });
    expect((await undeliverable('inconnu@exemple.fr')).email_undeliverable_at).toEqual(first.email_undeliverable_at);

    // A temporary refusal says nothing about the address.
    await expect(mailer.send(mail('plein@exemple.fr'))).rejects.toMatchObject({ responseCode: 452 });
    expect((await undeliverable('plein@exemple.fr')).email_undeliverable_at).toBeNull();
  } finally {
    mailer.close();
  }
});
