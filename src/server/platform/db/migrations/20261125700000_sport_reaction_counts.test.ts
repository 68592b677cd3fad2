import type { Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import * as sportReactionCounts from './20261125700000_sport_reaction_counts';

const migration: Required<Migration> = sportReactionCounts;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('counts the reactions given before it, then keeps the counts as reactions come and go', async () => {
  const { db } = database;
  await migration.down(db);
  const users = await db
    .insertInto('users')
    .values(['a', 'b', 'c'].map((name) => ({ email: `${name}@exemple.fr`, username: name, account_type: 'user' as const, password_hash: 'x' })))
    .returning('id')
    .execute();
  await db.insertInto('sports').values({ id: 'kayak', name: 'Kayak', duplicate_key: 'kayak', public: true }).execute();
  await db
    .insertInto('sport_reactions')
    .values([
      { sport_id: 'kayak', user_id: users[0].id, reaction: 'love' },
      { sport_id: 'kayak', user_id: users[1].id, reaction: 'love' },
      { sport_id: 'kayak', user_id: users[2].id, reaction: 'no' },
    ])
    .execute();

  await migration.up(db);
  const counts = () => db.selectFrom('sports').select(['love_count', 'wow_count', 'no_count']).where('id', '=', 'kayak').executeTakeFirstOrThrow();
  expect(await counts()).toEqual({ love_count: 2, wow_count: 0, no_count: 1 });

  await db.updateTable('sport_reactions').set({ reaction: 'wow' }).where('user_id', '=', users[0].id).execute();
  expect(await counts()).toEqual({ love_count: 1, wow_count: 1, no_count: 1 });
  // An account's deletion takes its reactions, and their counts, with it.
  await db.deleteFrom('users').where('id', '=', users[2].id).execute();
  expect(await counts()).toEqual({ love_count: 1, wow_count: 1, no_count: 0 });
});
