// `npm run import-firebase` as an operator runs it: its own process, on a stopped site's
// embedded database folder, or on PostgreSQL; stopped by bad input, or killed halfway.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../platform/db/connection';
import { describeOnPostgresql } from '../../platform/testing/postgresql-only';
import { emptyPostgresDatabases } from '../../platform/testing/test-database';
import { importedTables, writeExport, writeGeneratedExport, type ExportFiles } from './export-fixture';

// The command as a release runs it, from the run's bundle (tests/setup/server-bundle.ts).
const COMMAND = path.join(inject('serverBundle'), 'import-firebase.js');

interface Run {
  code: number | null;
  output: string;
}

/** Runs the command; `killWhen` kills it (SIGKILL, as a crash or a lost machine would) once its output says so. */
function importFirebase(files: ExportFiles, env: Record<string, string>, killWhen?: string, options: string[] = []): Promise<Run> {
  const args = [COMMAND, '--auth', files.auth, '--hash-config', files.hashConfig, '--firestore', files.firestore, ...options];
  const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const read = (chunk: Buffer) => {
    output += chunk;
    if (killWhen && output.includes(killWhen)) child.kill('SIGKILL');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import-firebase-command-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

// On the embedded database's folder, or on PostgreSQL when the tests run there.
const serverUrl = process.env.TEST_DATABASE_URL;
const newDatabase = serverUrl ? emptyPostgresDatabases(serverUrl) : undefined;

async function tables(env: Record<string, string>) {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    const scratch = await sql<{ name: string }>`select tablename as name from pg_tables where tablename like 'firebase_import%'`.execute(database.db);
    return { ...(await importedTables(database.db)), scratch: scratch.rows };
  } finally {
    await database.close();
  }
}

describe('npm run import-firebase, on bad input', () => {
  // One database for both runs, since neither writes anything: the embedded one unpacked from
  // the migrated template (a new folder would cost each run an initdb and the migrations).
  let env: Record<string, string>;
  beforeAll(async () => {
    if (newDatabase) {
      env = { DATABASE_URL: await newDatabase() };
      return;
    }
    env = { DATA_DIR: path.join(dir, 'bad-input-data') };
    await fs.mkdir(env.DATA_DIR);
    const template = await PGlite.create(path.join(env.DATA_DIR, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
    await template.close();
  });
  async function nothingWritten() {
    const written = await tables(env);
    expect(written.users).toEqual([]);
    expect(written.scratch).toEqual([]);
  }

  it('a user without an address stops it with one line naming the file and the record, and nothing is written', async () => {
    const account = (localId: string, email?: string) => ({ localId, ...(email ? { email } : {}), passwordHash: 'aGFzaA==', salt: 'c2Vs' });
    const files = await writeExport(path.join(dir, 'no-email'), [account('uid-1', 'un@exemple.fr'), account('uid-2', 'deux@exemple.fr'), account('uid-phone')], 'firestore-export-import', {});
    const run = await importFirebase(files, env);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `Import arrêté, rien n'a été écrit : ${files.auth} : le compte uid-phone (n° 3) n'a pas d'adresse e-mail ; le nouveau site identifie chaque membre par son adresse.`,
    );
    expect(run.output).not.toMatch(/\n\s+at /);
    await nothingWritten();
  });

  it('roles asked both ways, or in a form it cannot read, stop it before it opens the database', async () => {
    const files = await writeExport(path.join(dir, 'roles'), [{ localId: 'uid-1', email: 'un@exemple.fr' }], 'firestore-export-import', {});
    const both = await importFirebase(files, env, undefined, ['--keep-roles', '--roles', 'admin:un@exemple.fr']);
    expect(both.code).toBe(1);
    expect(both.output).toContain("--keep-roles reprend les rôles de l'ancien site, --roles les donne : l'un ou l'autre.");
    const unknown = await importFirebase(files, env, undefined, ['--roles', 'admin:un@exemple.fr,superuser:un@exemple.fr']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("--roles : « superuser:un@exemple.fr » n'est pas de la forme rôle:adresse (rôles : admin, moderator, editor).");
    await nothingWritten();
  });

  it('a Firestore file cut short stops it the same way', async () => {
    const files = await writeExport(path.join(dir, 'cut'), [{ localId: 'uid-1', email: 'un@exemple.fr' }], 'firestore-export-import', { users: { 'uid-1': { username: 'un' } } });
    const text = await fs.readFile(files.firestore, 'utf8');
    await fs.writeFile(files.firestore, text.slice(0, text.length - 5));
    const run = await importFirebase(files, env);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Import arrêté, rien n'a été écrit : ${files.firestore} n'est pas un JSON lisible`);
    await nothingWritten();
  });
});

describeOnPostgresql('npm run import-firebase on PostgreSQL, killed halfway', () => {
  it('run again, it finishes the import: the same database as one clean run', async () => {
    const files = await writeGeneratedExport(path.join(dir, 'generated'), { users: 1500, words: 1000, reactions: 12_000 });
    const clean = { DATABASE_URL: await newDatabase!() };
    const interrupted = { DATABASE_URL: await newDatabase!() };
    expect((await importFirebase(files, clean)).code).toBe(0);
    // Killed as the reactions start landing: the accounts are in, the words not yet.
    const killed = await importFirebase(files, interrupted, 'Réactions…');
    expect(killed.code).toBe(null);
    const halfway = await tables(interrupted);
    expect(halfway.users.length).toBe(1500);
    expect(halfway.words).toEqual([]);
    const resumed = await importFirebase(files, interrupted);
    expect(resumed.code).toBe(0);
    expect(resumed.output).toContain('- Comptes : lus 1500 · importés 0 · déjà là 1500 · écartés 0');

    const [expected, actual] = [await tables(clean), await tables(interrupted)];
    expect(actual.reactions.length).toBe(12_000);
    expect(actual.words.length).toBe(1000);
    expect(actual).toEqual(expected);
  }, 180_000);
});
