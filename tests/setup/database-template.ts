import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrating a new PGlite takes seconds; loading a dump takes well under one. The unit
 * project migrates once here and every API test file starts from a copy of the dump.
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
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
