import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './connection';
import { startJobs } from '../jobs/scheduler';
import { maintenanceJobs, vacuumEmbedded } from './maintenance';
import { createTestDatabase } from '../testing/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const usersTable = async () =>
  (
    await sql<{ visible: number; tuples: number }>`select relallvisible as visible, reltuples::int as tuples from pg_class where relname = 'users'`.execute(
      database.db,
    )
  ).rows[0];

it('vacuums and analyzes every table: the planner learns the rows, the pages become all-visible', async () => {
  const { db } = database;
  await sql`
    insert into users (email, username, account_type, password_hash)
    select 'vide' || i || '@exemple.fr', 'vide' || i, 'user', 'x' from generate_series(1, 3000) as i`.execute(db);
  await sql`update users set newsletter = true where email like 'vide%'`.execute(db);
  const tables = await vacuumEmbedded(database);
  expect(tables).toEqual(expect.arrayContaining(['users', 'words', 'sport_reactions', 'newsletter_deliveries', 'journal']));
  const after = await usersTable();
  // Index-only scans (the counter's) skip the table only for all-visible pages.
  expect(after.visible).toBeGreaterThan(0);
  expect(after.tuples).toBeGreaterThanOrEqual(3000);
  const stats = await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'users' and attname = 'account_type'`.execute(db);
  expect(stats.rows[0].n).toBe(1);
});

it('starts with the statistics on the embedded database, and leaves PostgreSQL to its autovacuum', async () => {
  const log = { info() {}, error() {} };
  await startJobs(maintenanceJobs(database, log), log).stop();
  if (database.mode === 'pglite') {
    const analyzed = await sql<{ n: number }>`select count(*)::int as n from pg_stat_user_tables where last_analyze is not null`.execute(database.db);
    expect(analyzed.rows[0].n).toBeGreaterThan(0);
  }
});
