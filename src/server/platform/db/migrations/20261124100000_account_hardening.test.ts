import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import { down, up } from './20261124100000_account_hardening';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('hands the existing admins to the bootstrap and ends their sessions, not the members’', async () => {
  const { db } = database;
  const raw = db as unknown as Kysely<unknown>;
  await down(raw);
  const [admin, member] = await db
    .insertInto('users')
    .values([
      { email: 'admin@exemple.fr', username: 'admin', account_type: 'user', roles: ['admin'], password_hash: 'x' },
      { email: 'lea@exemple.fr', username: 'lea', account_type: 'user', password_hash: 'x' },
    ])
    .returning('id')
    .execute();
  const expires = new Date(Date.now() + 60_000);
  await db
    .insertInto('sessions')
    .values([
      { id: 'squatter', user_id: admin.id, expires_at: expires },
      { id: 'lea', user_id: member.id, expires_at: expires },
    ])
    .execute();

  await up(raw);

  const users = await db.selectFrom('users').select(['email', 'admin_bootstrap']).orderBy('email').execute();
  expect(users).toEqual([
    { email: 'admin@exemple.fr', admin_bootstrap: true },
    { email: 'lea@exemple.fr', admin_bootstrap: false },
  ]);
  expect(await db.selectFrom('sessions').select('id').execute()).toEqual([{ id: 'lea' }]);
});
