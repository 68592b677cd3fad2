// The real server and backup commands, each its own process as an operator runs them, with
// the usual umask (022): what they write in DATA_DIR must still be theirs alone.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listBackups } from './backup/backup-files';
import { startServerProcess } from './testing/server-process';

// The run's bundle of the server (tests/setup/server-bundle.ts): what a release runs.
const SERVER = path.join(inject('serverBundle'), 'main.js');
const BACKUP = path.join(inject('serverBundle'), 'backup.js');
const RESTORE = path.join(inject('serverBundle'), 'restore.js');
const ADMIN = { ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: 'Admin-2026-fort' };
// Each start of the embedded database takes seconds, many more on a loaded machine.
const SLOW = { timeout: 300_000 };

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-private-'));
/** The processes started here: none outlives a failed test. */
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(root, { recursive: true, force: true });
});

/** A bundled entry point of the server run as a process of its own, with the default umask. */
function run(file: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', ANTI_BOT: 'off', ...ADMIN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ code, output });
    }),
  );
  return { child, exited };
}

/** How a process that should stop by itself ended; one still running after 2 minutes is killed. */
async function ending(file: string, env: Record<string, string>, args: string[] = []) {
  const { child, exited } = run(file, env, args);
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return exited.finally(() => clearTimeout(timer));
}

async function runToEnd(file: string, env: Record<string, string>, args: string[] = []) {
  const result = await ending(file, env, args);
  expect(result.code, result.output).toBe(0);
}

async function waitFor<T>(what: string, found: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const value = await found();
    if (value !== undefined) return value;
  }
  throw new Error(`no ${what} within 2 minutes`);
}

/** The server on `dataDir`, healthy; `stop` sends SIGTERM and expects a clean exit. */
async function startServer(env: Record<string, string>) {
  const server = await startServerProcess({ DATABASE_URL: '', SMTP_URL: '', ANTI_BOT: 'off', ...ADMIN, ...env });
  children.add(server.child);
  return {
    url: server.url,
    async stop() {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  };
}

/** Every file and folder under `folder` (itself included), with its permission bits in octal. */
async function modes(folder: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const visit = async (file: string) => {
    const stats = await fs.lstat(file);
    found[path.relative(root, file) || '.'] = (stats.mode & 0o777).toString(8);
    if (stats.isDirectory()) for (const name of await fs.readdir(file)) await visit(path.join(file, name));
  };
  await visit(folder);
  return found;
}

/** The entries of `folder` that its group or others may read, write or enter. */
async function opened(folder: string) {
  return Object.entries(await modes(folder)).filter(([, mode]) => Number.parseInt(mode, 8) & 0o077);
}

const outboxMails = async (dataDir: string) => (await fs.readdir(path.join(dataDir, 'outbox')).catch(() => [])).filter((name) => name.endsWith('.eml'));

describe('the files under DATA_DIR', () => {
  const dataDir = path.join(root, 'data');
  const env = { DATA_DIR: dataDir };

  it("are the server's user's alone after a first start, a scheduled backup, an outbox mail, and the backup and restore commands", SLOW, async () => {
    const server = await startServer(env);
    // The first start takes a backup at once (none is there yet).
    await waitFor('backup', async () => (await listBackups(path.join(dataDir, 'backups'))).at(0));
    // Without SMTP_URL the mail, which holds a temporary password, goes to the outbox.
    const forgot = await fetch(`${server.url}/api/fn/users-forgotPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userMail: ADMIN.ADMIN_EMAIL }),
    });
    expect(forgot.status).toBe(200);
    await waitFor('outbox mail', async () => (await outboxMails(dataDir)).at(0));
    expect(await opened(dataDir)).toEqual([]);
    await server.stop();
    expect(await opened(dataDir)).toEqual([]);
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);

    // The backup command, with no server running, writes the backup itself.
    const before = await listBackups(path.join(dataDir, 'backups'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await runToEnd(BACKUP, env);
    const backups = await listBackups(path.join(dataDir, 'backups'));
    expect(backups.length).toBe(before.length + 1);
    expect(await opened(dataDir)).toEqual([]);

    const restored = path.join(root, 'restored');
    await runToEnd(RESTORE, { DATA_DIR: restored }, [path.join(dataDir, 'backups', backups.at(-1)!)]);
    expect(Object.keys(await modes(restored)).length).toBeGreaterThan(100);
    expect(await opened(restored)).toEqual([]);
  });

  it('are made private at start when an older version left them open, and the operator’s own files are left alone', SLOW, async () => {
    const loosen = async (file: string) => {
      const stats = await fs.lstat(file);
      await fs.chmod(file, stats.isDirectory() ? 0o777 : 0o666);
      if (stats.isDirectory()) for (const name of await fs.readdir(file)) await loosen(path.join(file, name));
    };
    await loosen(dataDir);
    const notes = path.join(dataDir, 'notes-de-l-admin.txt');
    await fs.writeFile(notes, 'à garder');
    await fs.chmod(notes, 0o644);

    const server = await startServer(env);
    await server.stop();
    expect(await opened(dataDir)).toEqual([[path.relative(root, notes), '644']]);
  });
});

describe('a BACKUP_DIR others can write in', () => {
  it('is refused by the server and by the backup command, saying why', SLOW, async () => {
    const shared = path.join(root, 'shared');
    await fs.mkdir(shared);
    await fs.chmod(shared, 0o777);
    const env = { DATA_DIR: path.join(root, 'data-shared-backups'), BACKUP_DIR: shared };

    const server = await ending(SERVER, { ...env, PORT: '0' });
    expect(server.code).toBe(1);
    expect(server.output).toContain(`Démarrage refusé : BACKUP_DIR ${shared} : d'autres utilisateurs peuvent y écrire (droits 777).`);
    const backup = await ending(BACKUP, env);
    expect(backup.code).toBe(1);
    expect(backup.output).toContain(`Sauvegarde refusée : BACKUP_DIR ${shared} : d'autres utilisateurs peuvent y écrire (droits 777).`);
    expect(await fs.readdir(shared)).toEqual([]);

    await fs.chmod(shared, 0o750);
    const accepted = await startServer(env);
    await waitFor('backup', async () => (await listBackups(shared)).at(0));
    await accepted.stop();
  });
});
