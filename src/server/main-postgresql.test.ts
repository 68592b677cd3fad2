// The server process on PostgreSQL, as the guide runs it: several instances may start at once
// on a new database, and `systemctl kill -s USR2` asks one of them for a backup.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from './platform/db/connection';
import { listBackups, readBackup } from './platform/backup/backup-files';
import { describeOnPostgresql } from './platform/testing/postgresql-only';
import { startServerProcess, type ServerProcess } from './platform/testing/server-process';
import { adminQuery } from './platform/testing/test-database';

const ADMIN = { ADMIN_EMAIL: 'admin@unissons.test', ADMIN_PASSWORD: 'Together-Admin-25!' };

describeOnPostgresql('the server on PostgreSQL', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const databases: string[] = [];
  const started: ServerProcess[] = [];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-main-pg-'));
  });
  afterAll(async () => {
    // A failed test leaves its servers running: they must not outlive the run.
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const name of databases) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A new database with no table at all: the servers' migrations and admin bootstrap meet there. */
  async function emptyDatabase() {
    const name = `unissons_start_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function start(env: Record<string, string>, count = 1) {
    const results = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
    return started.slice(-count);
  }

  async function stop(server: ServerProcess) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }

  it(
    'lets two instances start at once on an empty database, three times over: both serve, one admin account',
    { timeout: 240_000 },
    async () => {
      for (let round = 0; round < 3; round++) {
        const databaseUrl = await emptyDatabase();
        const env = { ...ADMIN, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
        const servers = await start(env, 2);
        const database = await openDatabase({ databaseUrl });
        try {
          const admins = await database.db.selectFrom('users').select(['email', 'roles']).execute();
          expect(admins).toEqual([{ email: ADMIN.ADMIN_EMAIL, roles: ['admin'] }]);
        } finally {
          await database.close();
        }
        for (const server of servers) await stop(server);
      }
    },
  );

  it('takes a backup with pg_dump on SIGUSR2 and keeps serving', { timeout: 120_000 }, async () => {
    const backupDir = path.join(dataDir, 'asked');
    const [server] = await start({ ...ADMIN, DATABASE_URL: await emptyDatabase(), DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    server.child.kill('SIGUSR2');
    const deadline = Date.now() + 60_000;
    while (!server.logs.some((entry) => entry.msg === 'backup written')) {
      if (server.child.exitCode !== null || Date.now() > deadline)
        throw new Error(
          `no backup: the server ${server.child.exitCode === null ? 'wrote none within 60 s' : `exited (${server.child.exitCode})`}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [backup] = await listBackups(backupDir);
    expect(await readBackup(path.join(backupDir, backup))).toContain(ADMIN.ADMIN_EMAIL);
    expect((await fs.stat(backupDir)).mode & 0o777).toBe(0o700);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await stop(server);
  });
});
