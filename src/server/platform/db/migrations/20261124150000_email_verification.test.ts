import type { Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import * as emailVerification from './20261124150000_email_verification';

// As the migrator runs it: on any database, whatever its tables.
const migration: Required<Migration> = emailVerification;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('starts the accounts created before it unverified (decision 0018), and removes their links with them', async () => {
  const { db } = database;
  await migration.down(db);
  await db
    .insertInto('users')
    .values({ email: 'ancienne@exemple.fr', username: 'ancienne', account_type: 'user', password_hash: 'x' })
    .execute();

  await migration.up(db);

  const user = await db
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('email', '=', 'ancienne@exemple.fr')
    .executeTakeFirstOrThrow();
  expect(user.email_verified_at).toBeNull();
  await db
    .insertInto('email_verifications')
    .values({ id: 'empreinte', user_id: user.id, email: 'ancienne@exemple.fr', expires_at: new Date(Date.now() + 1000) })
    .execute();
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(await db.selectFrom('email_verifications').select('id').execute()).toEqual([]);
});
