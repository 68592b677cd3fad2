import { randomBytes } from 'node:crypto';
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
import { setUpTestApp } from '../testing/test-app';
import { adminQuery as adminQueryOn, createTestDatabase } from '../testing/test-database';
import { createMailer } from '../mail/mailer';
import { defaultPublicConfig } from '../../../shared/public-config';
import { recordAction } from '../../capabilities/journal/record';
import { queueNewsletter } from '../../capabilities/newsletter/newsletters';
import { insertAccounts } from '../testing/accounts';
import { statusCounts, waitUntilSettled } from '../testing/deliveries';
import { TestSmtp } from '../testing/smtp-server';
import { NewsletterWorker } from '../../capabilities/newsletter/worker';
import { BackupRefused, listBackups, readBackup } from './backup-files';
import { backupJob } from './backup-schedule';
import { startJobs } from '../jobs/scheduler';
import { restoreIntoDataDir, restoreIntoPostgres } from './restore-backup';
import { describeBackup, dumpDatabase, pgDumpInvocation, takeBackup, withoutPsqlCommands } from './take-backup';

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

const adminQuery = (statement: string) => adminQueryOn(POSTGRES, statement);

/** The databases emptyPostgres made, dropped after the file (a hook registered inside a test never runs). */
const madeDatabases: string[] = [];
afterAll(async () => {
  for (const name of madeDatabases) await adminQuery(`drop database if exists ${name} with (force)`);
});

/** A new, empty PostgreSQL database, dropped after the file. */
async function emptyPostgres() {
  const name = `unissons_restore_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  madeDatabases.push(name);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

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

describe('scheduled backups', () => {
  it('are taken while the site serves, writes keep working, the newest BACKUP_KEEP are kept', SLOW, async () => {
    const dir = path.join(folder, 'scheduled');
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry), error: (entry: unknown) => logged.push(entry) };
    // Three older backups already there, the newest written just now: the next is due later.
    await fs.mkdir(dir);
    for (const name of ['backup-20260101T000000Z.sql.gz', 'backup-20260102T000000Z.sql.gz', 'backup-20260103T000000Z.sql.gz.partial']) {
      await fs.writeFile(path.join(dir, name), '');
    }
    const schedule = startJobs([backupJob(test.database, { dir, everyMs: 60 * 60_000, keep: 2 }, log)], log);
    try {
      // Asked for one now (SIGUSR2) while members register.
      const [registered] = await Promise.all([registerMember(test.app), schedule.now('backup'), registerMember(test.app)]);
      expect(await login(test.app, registered.email, registered.password)).toMatch(/unissons_session=/);
    } finally {
      await schedule.stop();
    }
    const kept = await listBackups(dir);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe('backup-20260102T000000Z.sql.gz');
    expect(await fs.readdir(dir)).toEqual(kept);
    expect(logged).toEqual([{ backup: { file: path.join(dir, kept[1]), bytes: expect.any(Number), ms: expect.any(Number) } }]);
    expect(await readBackup(path.join(dir, kept[1]))).toContain('CREATE TABLE public.users (');
  });
});

/** This process's running child with that command name, from /proc. */
async function childNamed(command: string): Promise<number | undefined> {
  for (const entry of await fs.readdir('/proc')) {
    // `pid (comm) state ppid …`
    const stat = /^\d+$/.test(entry) ? await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '') : '';
    const match = /^\d+ \((.*)\) \S (\d+) /.exec(stat);
    if (match?.[1] === command && Number(match[2]) === process.pid) return Number(entry);
  }
  return undefined;
}

describe('pg_dump, in PostgreSQL mode', () => {
  it('gets the password in its environment, never on its command line, which every user of the machine can read', SLOW, async () => {
    const password = 'Mot de passe/secret+1';
    const url = new URL(await emptyPostgres());
    // The local server trusts loopback: the password is carried, not checked.
    url.password = password;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await migrateToLatest(database.db);
      // pg_dump waits for this lock: it is caught running.
      await blocker.query('begin; lock table users in access exclusive mode');
      const backup = takeBackup(database, { dir: path.join(folder, 'pg-dump'), keep: 1, log: quiet });
      let pid: number | undefined;
      while (!(pid = await childNamed('pg_dump'))) await new Promise((resolve) => setTimeout(resolve, 20));
      const commandLine = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      const environment = (await fs.readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      await blocker.query('rollback');
      const { file } = await backup;

      expect(commandLine.join(' ')).not.toContain('secret');
      url.password = '';
      expect(commandLine).toContain(`--dbname=${url.toString()}`);
      expect(environment).toContain(`PGPASSWORD=${password}`);
      expect(await readBackup(file)).toContain('CREATE TABLE public.users (');
    } finally {
      await blocker.end();
      await database.close();
    }
  });

  it("takes a password given in the URL's query out of it too", () => {
    const { args, env } = pgDumpInvocation('postgres://alice@db.exemple.fr/unissons?sslmode=require&password=Mot-de-passe-1');
    expect(args.at(-1)).toBe('--dbname=postgres://alice@db.exemple.fr/unissons?sslmode=require');
    expect(env.PGPASSWORD).toBe('Mot-de-passe-1');
  });
});

describe('pg_dump and its output', () => {
  it('drops the psql-only lines, and only those', () => {
    const dump = 'SET a = 1;\n\\restrict AbC123\nSELECT 1;\r\n\\unrestrict AbC123\r\n-- \\restrict in a comment\n\\restricted\n\\unrestrict last';
    expect(withoutPsqlCommands(dump)).toBe('SET a = 1;\nSELECT 1;\r\n-- \\restrict in a comment\n\\restricted\n');
  });

  it('passes the password on decoded as libpq would, or as written when it is no escape, and no PGPASSWORD without one', () => {
    expect(pgDumpInvocation('postgres://alice:p%40ss%2Fw@db.exemple.fr/unissons').env.PGPASSWORD).toBe('p@ss/w');
    expect(pgDumpInvocation('postgres://alice:100%25%zz@db.exemple.fr/unissons').env.PGPASSWORD).toBe('100%25%zz');
    const { args, env } = pgDumpInvocation('postgres://alice@db.exemple.fr/unissons');
    expect(args).toEqual(['--no-owner', '--no-privileges', '--rows-per-insert=100', '--dbname=postgres://alice@db.exemple.fr/unissons']);
    expect(env).toBe(process.env);
  });

  it('says why a dump failed: pg_dump missing, or its own error', async () => {
    const handle = (url: string) => ({ ...test.database, mode: 'postgres' as const, url });
    // pg_dump's own words, without the newline it ends them with.
    await expect(dumpDatabase(handle(`${POSTGRES.replace(/\/[^/]*$/, '')}/pas_de_base_${randomBytes(4).toString('hex')}`))).rejects.toThrow(
      /^pg_dump failed: .*pas_de_base_.* does not exist$/,
    );
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(dumpDatabase(handle(POSTGRES))).rejects.toThrow(
        "pg_dump is not installed (Debian: apt install postgresql-client, of the server's major version or newer)",
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it('logs each backup it takes, with its size and time, in a line for the operator', async () => {
    const logged: unknown[] = [];
    const started = Date.now();
    const result = await takeBackup(test.database, { dir: path.join(folder, 'logged'), keep: 1, log: (entry) => logged.push(entry) });
    expect(logged).toEqual([result]);
    expect(result.bytes).toBe((await fs.stat(result.file)).size);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThanOrEqual(Date.now() - started);
    expect(describeBackup({ file: '/srv/sauvegardes/backup-20261124T153000Z.sql.gz', bytes: 2560, ms: 42 })).toBe(
      'backup backup-20261124T153000Z.sql.gz written in /srv/sauvegardes: 2.5 kB in 42 ms',
    );
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
