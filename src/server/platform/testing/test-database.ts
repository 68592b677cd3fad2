import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite template,
 * or, when TEST_DATABASE_URL is set, a new PostgreSQL database copied from the migrated
 * template database and dropped afterwards (its own database, so LISTEN/NOTIFY of parallel
 * test files do not cross), reached through TEST_DATABASE_POOLER_URL when it is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await fs.readFile(inject('pgliteTemplate'));
    return openDatabase({ pgliteDump: new Blob([template]) });
  }
  const name = `unissons_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  // TEST_DATABASE_POOLER_URL: the same server through a pooler in transaction mode (.ci/run
  // starts PgBouncer), with LISTEN and nothing else on the direct connection, as hosts run it.
  const pooler = process.env.TEST_DATABASE_POOLER_URL;
  const database = await openDatabase({
    databaseUrl: databaseUrl(pooler ?? serverUrl, name),
    listenUrl: pooler ? databaseUrl(serverUrl, name) : undefined,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The URL of database `name` on the PostgreSQL server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the PostgreSQL server as its administrator (creating and dropping databases and roles). */
export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * New, empty databases on the PostgreSQL server at `serverUrl`, for a test file: call it at
 * the file's top level; each database it makes is dropped after the file (a hook registered
 * inside a running test never runs).
 */
export function emptyPostgresDatabases(serverUrl: string): () => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    for (const name of made) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  });
  return async () => {
    const name = `unissons_restore_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    made.push(name);
    return databaseUrl(serverUrl, name);
  };
}
