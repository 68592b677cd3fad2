import type { Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection';
import { createTestDatabase } from '../../testing/test-database';
import * as publishedWordsKeyset from './20261125800000_published_words_keyset';

const migration: Required<Migration> = publishedWordsKeyset;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

it('gives a public word of before without its publication time its creation time, then requires one', async () => {
  const { db } = database;
  await migration.down(db);
  const created = new Date('2026-01-02T03:04:05.678Z');
  const { id } = await db.insertInto('words').values({ content: 'Publié avant', public: true, created_at: created }).returning('id').executeTakeFirstOrThrow();
  const pending = await db.insertInto('words').values({ content: 'En attente', public: false }).returning('id').executeTakeFirstOrThrow();

  await migration.up(db);

  const rows = await db.selectFrom('words').select(['id', 'published_at']).execute();
  expect(rows.find((row) => row.id === id)?.published_at).toEqual(created);
  expect(rows.find((row) => row.id === pending.id)?.published_at).toBeNull();
  await expect(db.updateTable('words').set({ public: true }).where('id', '=', pending.id).execute()).rejects.toThrow(/words_published_when_public/);
});
