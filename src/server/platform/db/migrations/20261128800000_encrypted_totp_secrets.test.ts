import type { Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTotpSecret, TOTP_KEY } from '../../../capabilities/accounts/totp-secrets';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import * as encryptedTotpSecrets from './20261128800000_encrypted_totp_secrets';

const migration: Required<Migration> = encryptedTotpSecrets;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('encrypts the secrets kept in clear under a key it makes, in the form the app opens, and back', async () => {
  const { db } = database;
  await migration.down(db);
  const member = (totp_secret: string | null, totp_pending_secret: string | null, name: string) =>
    db
      .insertInto('users')
      .values({ email: `${name}@exemple.fr`, username: name, account_type: 'user', password_hash: '', totp_secret, totp_pending_secret })
      .returning('id')
      .executeTakeFirstOrThrow();
  const enrolled = await member('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', null, 'enrolee');
  const both = await member('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U', 'changeante');
  const none = await member(null, null, 'sans_application');

  await migration.up(db);

  const key = ((await db.selectFrom('settings').select('value').where('key', '=', TOTP_KEY.key).executeTakeFirstOrThrow()).value as { current: string }).current;
  const rows = await db.selectFrom('users').select(['id', 'totp_secret', 'totp_pending_secret']).where('id', 'in', [enrolled.id, both.id, none.id]).execute();
  const row = (id: string) => rows.find((found) => found.id === id)!;
  expect(openTotpSecret(key, enrolled.id, row(enrolled.id).totp_secret!)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  expect(row(enrolled.id).totp_pending_secret).toBeNull();
  expect(openTotpSecret(key, both.id, row(both.id).totp_secret!)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  expect(openTotpSecret(key, both.id, row(both.id).totp_pending_secret!)).toBe('MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U');
  expect(row(none.id)).toMatchObject({ totp_secret: null, totp_pending_secret: null });

  // Run again (a release rolled back, then forward), it leaves what it encrypted as it is.
  await migration.up(db);
  expect((await db.selectFrom('users').select('totp_secret').where('id', '=', enrolled.id).executeTakeFirstOrThrow()).totp_secret).toBe(row(enrolled.id).totp_secret);

  await migration.down(db);
  const restored = await db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', both.id).executeTakeFirstOrThrow();
  expect(restored).toEqual({ totp_secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totp_pending_secret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' });
  expect(await db.selectFrom('settings').select('key').where('key', '=', TOTP_KEY.key).executeTakeFirst()).toBeUndefined();
  await migration.up(db);
});
