// The two data modes of the site, and direct SQL access to them for seeding: fixtures of
// thousands of rows go in as a few set-based statements, not through the API.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { skipped } from './report.mjs';
import { newDataDir } from './site.mjs';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let databases = 0;

/** Why PostgreSQL cannot be used here, or '' when it can. */
export async function postgresUnavailable() {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return '';
  } catch (error) {
    return `PostgreSQL unreachable at ${ADMIN_URL} (${error.message}); set BENCH_POSTGRES_URL`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new embedded database folder: `{ dataDir }`. */
export function pgliteDatabase(label) {
  return { mode: 'pglite', dataDir: newDataDir(label), drop: async () => {} };
}

/** A new, empty PostgreSQL database owned by this run: `{ databaseUrl, drop() }`. */
export async function postgresDatabase(label) {
  const name = `unissons_bench_${process.pid}_${label}_${++databases}`.replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    mode: 'postgres',
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs `work(query)` against the database directly. PGlite allows one process per folder,
 * so its server must be stopped meanwhile; PostgreSQL may be shared with running servers.
 */
export async function withSql(database, work) {
  if (database.databaseUrl) {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create(path.join(database.dataDir, 'db'));
  try {
    return await work(async (text, params) => (await pglite.query(text, params)).rows);
  } finally {
    await pglite.close();
  }
}

/**
 * Runs `runMode` on a new embedded database, then on a new PostgreSQL one (dropped
 * afterwards), or reports the PostgreSQL half as skipped with the reason.
 */
export async function inBothModes(label, runMode) {
  await runMode(pgliteDatabase(label));
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    skipped(`${label}/postgres`, 'all', unavailable);
    return;
  }
  const postgres = await postgresDatabase(label);
  try {
    await runMode(postgres);
  } finally {
    await postgres.drop();
  }
}
