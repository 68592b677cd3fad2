// Taking backups: pg_dump and what it is given and gives back, the line logged for each backup,
// and the schedule. What a backup restores is in backup.test.ts, the files themselves in
// backup-files.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { startJobs } from '../jobs/scheduler';
import { login, registerMember } from '../testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { emptyPostgresDatabases } from '../testing/test-database';
import { listBackups, readBackup } from './backup-files';
import { backupJob } from './backup-schedule';
import { describeBackup, dumpDatabase, pgDumpInvocation, takeBackup, withoutPsqlCommands } from './take-backup';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A backup of the embedded database starts pg_dump's own PGlite: seconds, many more on a loaded machine.
const SLOW = { timeout: 180_000 };
const test = setUpTestApp();
const emptyPostgres = emptyPostgresDatabases(POSTGRES);
const quiet = () => {};
let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-take-backup-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

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
      // Caught between its start and its exec, the process shows an empty command line: wait for it.
      let pid: number | undefined;
      let commandLine: string[] = [];
      while (!(pid = await childNamed('pg_dump')) || (commandLine = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).join('') === '') {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
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
