import type { Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import * as newsletterConsent from './20261124110000_newsletter_consent';

// As the migrator runs it: on any database, whatever its tables.
const migration: Required<Migration> = newsletterConsent;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('unsubscribes the accounts subscribed by default, drops their queued mails and keeps what was sent', async () => {
  const { db } = database;
  // The schema as it was: subscribed unless told otherwise.
  await migration.down(db);
  const [lea, tom] = await db
    .insertInto('users')
    .values([
      { email: 'lea@exemple.fr', username: 'lea', account_type: 'user', password_hash: 'x' },
      { email: 'tom@exemple.fr', username: 'tom', account_type: 'organisation', password_hash: 'x' },
    ])
    .returning(['id', 'newsletter'])
    .execute();
  expect([lea.newsletter, tom.newsletter]).toEqual([true, true]);
  const { id: newsletterId } = await db
    .insertInto('newsletters')
    .values({ title: 'Nouvelles', description: '', letter: 'Bonjour', filter: null, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('newsletter_deliveries')
    .values([
      { newsletter_id: newsletterId, user_id: lea.id, email: 'lea@exemple.fr', name: 'lea', status: 'sent', sent_at: new Date() },
      { newsletter_id: newsletterId, user_id: tom.id, email: 'tom@exemple.fr', name: 'tom' },
    ])
    .execute();

  await migration.up(db);

  const users = await db.selectFrom('users').select(['email', 'newsletter']).orderBy('email').execute();
  expect(users).toEqual([
    { email: 'lea@exemple.fr', newsletter: false },
    { email: 'tom@exemple.fr', newsletter: false },
  ]);
  const deliveries = await db.selectFrom('newsletter_deliveries').select(['email', 'status']).execute();
  expect(deliveries).toEqual([{ email: 'lea@exemple.fr', status: 'sent' }]);
  const fresh = await db
    .insertInto('users')
    .values({ email: 'zoe@exemple.fr', username: 'zoe', account_type: 'user', password_hash: 'x' })
    .returning('newsletter')
    .executeTakeFirstOrThrow();
  expect(fresh.newsletter).toBe(false);
});
