// A backup of the site's database and what restoring it gives: every row and sequence back, a
// newsletter sent on, and the restores refused or failed that write nothing. Taking backups
// (pg_dump, the log line, the schedule) is in take-backup.test.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { login, registerAdmin, registerMember, registerOrganisation, type TestMember } from '../testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { createTestDatabase, emptyPostgresDatabases } from '../testing/test-database';
import { createMailer } from '../mail/mailer';
import { defaultPublicConfig } from '../../../shared/public-config';
import { recordAction } from '../../capabilities/journal/record';
import { queueNewsletter } from '../../capabilities/newsletter/newsletters';
import { insertAccounts } from '../testing/accounts';
import { statusCounts, waitUntilSettled } from '../../testing/deliveries';
import { TestSmtp } from '../testing/smtp-server';
import { NewsletterWorker } from '../../capabilities/newsletter/worker';
import { BackupRefused, readBackup } from './backup-files';
import { restoreIntoDataDir, restoreIntoPostgres } from './restore-backup';
import { takeBackup } from './take-backup';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Each PGlite start takes seconds, many more on a loaded machine.
const SLOW = { timeout: 180_000 };
const test = setUpTestApp();
let folder: string;
let backup: string;
let member: TestMember;
let admin: TestMember;
let sequencesAtBackup: Awaited<ReturnType<typeof everySequence>>;
const quiet = () => {};

/** Every table of the public schema, each row as JSON text in UTC, in a stable order. */
async function everyRow(db: Kysely<Database>) {
  return db.connection().execute(async (connection) => {
    await sql`set timezone to 'UTC'`.execute(connection);
    const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(connection);
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const result = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(name)} as t order by 1`.execute(connection);
      rows[name] = result.rows.map(({ row }) => row);
    }
    return rows;
  });
}

/** Every sequence's last value: a restore without them would hand out ids already taken. */
async function everySequence(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`.execute(db);
  return rows;
}

/**
 * The restored database serves as the original did: the same sequences, the member signs in
 * with their password, and an admin's action writes its journal row after those restored.
 */
async function servesAsBefore(database: DatabaseHandle) {
  const sequences = await everySequence(database.db);
  expect(sequences).toEqual(sequencesAtBackup);
  expect(sequences.find(({ name }) => name === 'journal_id_seq')?.value).not.toBeNull();
  await migrateToLatest(database.db);
  const app = await buildApp({ config: test.config, database, mailer: undefined });
  try {
    expect(await login(app, member.email, member.password)).toMatch(/unissons_session=/);
    await recordAction(database.db, { actorId: admin.uuid, kind: 'settings/update', summary: 'après la restauration' });
  } finally {
    await app.close();
  }
}

/** A new, empty PostgreSQL database, dropped after the file. */
const emptyPostgres = emptyPostgresDatabases(POSTGRES);

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-backup-'));
  member = await registerMember(test.app, { newsletter: true });
  await registerMember(test.app, { username: 'Zoé_l\'Éclair' });
  admin = await registerAdmin(test.app, test.database);
  await registerOrganisation(test.app, test.database);
  // Journal rows before the backup: their ids come from a sequence the restore must bring back.
  for (const summary of ['avant', 'la sauvegarde']) await recordAction(test.database.db, { actorId: admin.uuid, kind: 'settings/update', summary });
  const written = await takeBackup(test.database, { dir: path.join(folder, 'backups'), keep: 14, log: quiet });
  backup = written.file;
  sequencesAtBackup = await everySequence(test.database.db);
}, SLOW.timeout);
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

describe(`a backup of the ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded'} database`, () => {
  it('is a complete gzip file named with its UTC time, nothing left half-written', async () => {
    expect(path.basename(backup)).toMatch(/^backup-\d{8}T\d{6}Z\.sql\.gz$/);
    expect(await fs.readdir(path.dirname(backup))).toEqual([path.basename(backup)]);
    expect(await readBackup(backup)).toContain('CREATE TABLE public.users (');
  });

  it('restores into an empty DATA_DIR with every row identical, and the member logs in', SLOW, async () => {
    const dataDir = path.join(folder, 'restored');
    const sql = await readBackup(backup);
    const threads = async () => (await fs.readdir('/proc/self/task')).length;
    const threadsBefore = await threads();
    await restoreIntoDataDir(sql, dataDir, { force: false });
    // The database thread the restore ran is gone with it, not left idle in the process.
    expect(await threads()).toBe(threadsBefore);
    const restored = await openDatabase({ dataDir });
    try {
      expect(await everyRow(restored.db)).toEqual(await everyRow(test.database.db));
      await servesAsBefore(restored);
    } finally {
      await restored.close();
    }
  });

  it('restores into an empty PostgreSQL (the move from the embedded database) with every row identical', SLOW, async () => {
    const url = await emptyPostgres();
    await restoreIntoPostgres(await readBackup(backup), url, { force: false });
    const restored = await openDatabase({ databaseUrl: url });
    try {
      // An empty database's schema is left as the host made it: owned by the database's owner
      // (PostgreSQL 15+), whom the site may be, not handed to the role that restored.
      const owner = await sql<{ owner: string }>`select nspowner::regrole::text as owner from pg_namespace where nspname = 'public'`.execute(restored.db);
      expect(owner.rows).toEqual([{ owner: 'pg_database_owner' }]);
      expect(await everyRow(restored.db)).toEqual(await everyRow(test.database.db));
      await servesAsBefore(restored);
    } finally {
      await restored.close();
    }
  });
});

describe('a newsletter being sent when the backup was taken', () => {
  it('is sent on from the restored database to those who had not had it, one copy each', SLOW, async () => {
    const RECIPIENTS = 60;
    const smtp = await TestSmtp.start();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Unissons <no-reply@exemple.fr>', dataDir: '/nonexistent' });
    const sendWith = (db: Kysely<Database>) =>
      new NewsletterWorker({ db, mailer, site: defaultPublicConfig, settings: { ratePerSecond: 40, pollMs: 50 } });
    const source = await createTestDatabase();
    const dataDir = path.join(folder, 'restored-mid-sending');
    try {
      const accounts = await insertAccounts(source.db, RECIPIENTS);
      const { newsletterId } = await queueNewsletter(source.db, { title: 'En route', description: 'La suite', letter: 'Bonjour !', filter: undefined, createdBy: accounts[0].id });
      // Stopped a third of the way, the way the server stops: what it sent is recorded.
      const first = sendWith(source.db);
      first.start();
      while (smtp.accepted.length < RECIPIENTS / 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await first.stop();
      const atBackup = await statusCounts(source.db, newsletterId);
      expect(atBackup.sent).toBeGreaterThan(0);
      expect(atBackup.pending).toBeGreaterThan(0);
      const { file } = await takeBackup(source, { dir: path.join(folder, 'mid-sending'), keep: 1, log: quiet });

      await restoreIntoDataDir(await readBackup(file), dataDir, { force: false });
      const restored = await openDatabase({ dataDir });
      try {
        await migrateToLatest(restored.db);
        const second = sendWith(restored.db);
        second.start();
        const counts = await waitUntilSettled(restored.db, newsletterId, 60_000);
        await second.stop();
        expect(counts).toEqual({ pending: 0, sending: 0, sent: RECIPIENTS, failed: 0 });
      } finally {
        await restored.close();
      }
      const copies = smtp.copies();
      expect(copies.size).toBe(RECIPIENTS);
      expect([...copies.values()].every((count) => count === 1)).toBe(true);
    } finally {
      mailer.close();
      await source.close();
      await smtp.stop();
    }
  });
});

describe('restoring refuses, and writes nothing', () => {
  it('a truncated file', async () => {
    const truncated = path.join(folder, 'truncated.sql.gz');
    const whole = await fs.readFile(backup);
    await fs.writeFile(truncated, whole.subarray(0, whole.length - 100));
    await expect(readBackup(truncated)).rejects.toThrow(/truncated\.sql\.gz est tronqué ou abîmé \(gzip : unexpected end of file\) ; rien n'a été écrit/);
  });

  it("a dump of another database, and a file that is not a dump", SLOW, async () => {
    const other = await PGlite.create();
    await other.exec('create table notes (id int primary key, body text)');
    const foreign = path.join(folder, 'foreign.sql.gz');
    await fs.writeFile(foreign, gzipSync(await (await pgDump({ pg: other })).text()));
    await other.close();
    await expect(readBackup(foreign)).rejects.toThrow(/foreign\.sql\.gz est une sauvegarde d'une autre base/);
    const notes = path.join(folder, 'notes.sql.gz');
    await fs.writeFile(notes, gzipSync('DROP TABLE users;'));
    await expect(readBackup(notes)).rejects.toThrow(BackupRefused);
  });

  it('a DATA_DIR that holds accounts, unless forced; a DATA_DIR the server holds', SLOW, async () => {
    const dataDir = path.join(folder, 'restored');
    const before = await fs.readdir(path.join(dataDir, 'db'), { recursive: true });
    await expect(restoreIntoDataDir(await readBackup(backup), dataDir, { force: false })).rejects.toThrow(
      `La base de ${dataDir} contient déjà 4 compte(s) : rien n'a été écrit. Relance avec --force`,
    );
    expect(await fs.readdir(path.join(dataDir, 'db'), { recursive: true })).toEqual(before);

    const server = await openDatabase({ dataDir });
    try {
      await expect(restoreIntoDataDir(await readBackup(backup), dataDir, { force: true })).rejects.toThrow(
        `${dataDir} est utilisé par le processus ${process.pid} (le serveur ?) : arrête-le avant de restaurer ; rien n'a été écrit.`,
      );
      await server.db.deleteFrom('users').where('email', '=', member.email).execute();
    } finally {
      await server.close();
    }
    await restoreIntoDataDir(await readBackup(backup), dataDir, { force: true });
    const restored = await openDatabase({ dataDir });
    try {
      await servesAsBefore(restored);
    } finally {
      await restored.close();
    }
  });

  it('a PostgreSQL database that holds accounts, unless forced', SLOW, async () => {
    const url = await emptyPostgres();
    await restoreIntoPostgres(await readBackup(backup), url, { force: false });
    await expect(restoreIntoPostgres(await readBackup(backup), url, { force: false })).rejects.toThrow(
      "La base PostgreSQL contient déjà 4 compte(s) : rien n'a été écrit.",
    );
    await restoreIntoPostgres(await readBackup(backup), url, { force: true });
    const restored = await openDatabase({ databaseUrl: url });
    try {
      expect(await everyRow(restored.db)).toEqual(await everyRow(test.database.db));
    } finally {
      await restored.close();
    }
  });
});

describe('a restore that fails midway', () => {
  it('leaves the PostgreSQL database as it was', async () => {
    const url = await emptyPostgres();
    await expect(restoreIntoPostgres('create table premiere (id int);\nselect 1 / 0;', url, { force: false })).rejects.toThrow(/division by zero/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query(`select count(*)::int as tables from pg_tables where schemaname = 'public'`)).rows).toEqual([{ tables: 0 }]);
      // A database of something else is named by its tables.
      await client.query('create table notes (id int)');
    } finally {
      await client.end();
    }
    await expect(restoreIntoPostgres('select 1;', url, { force: false })).rejects.toThrow("La base PostgreSQL contient déjà 1 table(s) : rien n'a été écrit.");
    // Forced, the schema is dropped in the same transaction as the script: its failure keeps the table.
    await expect(restoreIntoPostgres('create table premiere (id int);\nselect 1 / 0;', url, { force: true })).rejects.toThrow(/division by zero/);
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    try {
      expect((await after.query(`select tablename from pg_tables where schemaname = 'public'`)).rows).toEqual([{ tablename: 'notes' }]);
    } finally {
      await after.end();
    }
  });

  it('leaves DATA_DIR as it was', SLOW, async () => {
    const dataDir = path.join(folder, 'failed-restore');
    // What a restore that crashed left beside it is cleared first.
    await fs.mkdir(path.join(dataDir, 'db.restoring'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'db.restoring', 'PG_VERSION'), '17');
    await expect(restoreIntoDataDir('create table premiere (id int);\nselect 1 / 0;', dataDir, { force: false })).rejects.toThrow(/division by zero/);
    expect(await fs.readdir(dataDir)).not.toContain('db');
    expect(await fs.readdir(dataDir)).not.toContain('db.restoring');
  });
});
