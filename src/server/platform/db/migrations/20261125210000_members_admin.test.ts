import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import { down, up } from './20261125210000_members_admin';
import * as usersLostRights from './20261126200000_users_lost_rights';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const termsOf = async (id: string) =>
  (await database.db.selectFrom('user_search_terms').select('term').where('user_id', '=', id).orderBy('term').execute()).map((row) => row.term);

it('gives the accounts of before their search words, and keeps them as names change', async () => {
  const { db } = database;
  const raw = db as unknown as Kysely<unknown>;
  // A later migration's trigger reads suspended_at, which this migration's down drops.
  await usersLostRights.down(raw);
  await down(raw);
  const { id } = await db
    .insertInto('users')
    .values({ email: 'jerome.lefevre@exemple.fr', username: 'Jérôme_Ÿ', firstname: 'Jérôme', lastname: "D'Œuvre-Lefèvre", account_type: 'user', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();

  await up(raw);
  await usersLostRights.up(raw);

  expect(await termsOf(id)).toEqual(['d', 'exemple', 'fr', 'jerome', 'lefevre', 'oeuvre', 'y']);
  await db.updateTable('users').set({ lastname: 'Straße' }).where('id', '=', id).execute();
  expect(await termsOf(id)).toEqual(['exemple', 'fr', 'jerome', 'lefevre', 'strasse', 'y']);
  // Unchanged names: the trigger is not even called for other columns.
  await db.updateTable('users').set({ bio: 'Ça roule' }).where('id', '=', id).execute();
  expect(await termsOf(id)).toEqual(['exemple', 'fr', 'jerome', 'lefevre', 'strasse', 'y']);
  const { rows } = await sql<{ word: string }>`select unissons_search_words(${'  ÉLOÏSE   Müller-Ñúñez '}) as word`.execute(db);
  expect(rows.map((row) => row.word).sort()).toEqual(['eloise', 'muller', 'nunez']);
  await db.deleteFrom('users').where('id', '=', id).execute();
  expect(await termsOf(id)).toEqual([]);
});
