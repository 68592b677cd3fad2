import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/connection';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { adminQuery, databaseUrl } from '../../src/server/platform/testing/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrating a new database takes seconds; copying a migrated one takes well under one. The
 * server and unit projects each migrate once here, and every API test file starts from a
 * copy: of a PGlite dump, or, on a PostgreSQL server, of a template database (CREATE
 * DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-template-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = serverUrl ? `unissons_template_${randomBytes(6).toString('hex')}` : '';
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE ${postgresTemplate}`);
    // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
    const template = await openDatabase({ databaseUrl: databaseUrl(serverUrl, postgresTemplate) });
    await migrateToLatest(template.db);
    await template.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
  };
}
