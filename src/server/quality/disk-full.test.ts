import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { activeAlerts, alertsJob } from '../capabilities/dashboard/alerts';
import { listBackups, readBackup } from '../platform/backup/backup-files';
import { takeBackup } from '../platform/backup/take-backup';
import { openDatabase, type DatabaseHandle } from '../platform/db/connection';
import { registerEditor, registerMember } from '../platform/testing/members';
import { setUpTestApp } from '../testing/test-app';

const run = promisify(execFile);
// A file system of this size, made for the test: a real ENOSPC, not an imitation of one.
const DISK_KB = 2048;

/** Whether this machine lets the test mount a small tmpfs (it must run as root). */
async function canMount(): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  const probe = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-mount-probe-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    await run('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    await fs.rm(probe, { recursive: true, force: true });
  }
}

/** Fills the rest of the disk through `filler`, as something else would, then gives `room` bytes back. */
async function fillRest(filler: string, room: number) {
  const handle = await fs.open(filler, 'a');
  try {
    for (;;) await handle.write(Buffer.alloc(16 * 1024));
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    await handle.close();
  }
  await fs.truncate(filler, Math.max(0, (await fs.stat(filler)).size - room));
}

/** What the disk alert says once the alerts' run (every 5 minutes on each instance) has looked. */
async function diskLowAlert(app: FastifyInstance) {
  await alertsJob(app).run();
  return (await activeAlerts(app.database.db)).find((alert) => alert.condition === 'disk-low')?.detail;
}

const mountable = await canMount();
if (!mountable) console.warn('disk-full.test.ts: this machine does not let the test mount a tmpfs (root needed); the full disk is not tested');

describe.runIf(mountable)('a full disk', () => {
  const disk = path.join(os.tmpdir(), `unissons-full-disk-${process.pid}`);
  const backupDir = path.join(disk, 'backups');
  const dataDir = path.join(disk, 'data');
  const outbox = path.join(dataDir, 'outbox');
  const filler = path.join(disk, 'filler');
  // No SMTP server: mail is written to DATA_DIR/outbox, on the small disk.
  const test = setUpTestApp({ BACKUP_DIR: backupDir, DATA_DIR: dataDir, SMTP_URL: undefined });

  const fillDisk = (room: number) => fillRest(filler, room);
  const diskAlert = () => diskLowAlert(test.app);

  beforeAll(async () => {
    await fs.mkdir(disk, { recursive: true });
    await run('mount', ['-t', 'tmpfs', '-o', `size=${DISK_KB}k`, 'tmpfs', disk]);
  });

  afterAll(async () => {
    await run('umount', ['-l', disk]).catch(() => {});
    await fs.rm(disk, { recursive: true, force: true });
  });

  it('keeps the earlier backups whole, leaves nothing half-written, keeps serving reads, and raises the disk alert', async () => {
    const first = await takeBackup(test.database, { dir: backupDir, keep: 14, log: () => {} });
    // The rest of the disk filled by something else, then half a backup's room given back.
    await fillDisk(Math.floor(first.bytes / 2));

    const failed = await takeBackup(test.database, { dir: backupDir, keep: 14, log: () => {} }).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
    expect(failed?.code).toBe('ENOSPC');
    expect(await listBackups(backupDir)).toEqual([path.basename(first.file)]);
    expect(await fs.readdir(backupDir)).toEqual([path.basename(first.file)]);
    await expect(readBackup(first.file)).resolves.toContain('PostgreSQL database dump complete');

    expect((await test.app.inject({ method: 'GET', url: '/api/words' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/counter' })).statusCode).toBe(200);

    expect(await diskAlert()).toMatch(/BACKUP_DIR \(.+\) : [\d,]+ (ko|Mo|Go) libres sur [\d,]+ (Mo|Go)\./);
    await fs.rm(filler);
  });

  it('writes no half mail to the outbox, answers a French 507, keeps serving reads, and raises the disk alert', async () => {
    // Not yet verified: they may ask for another link.
    const member = await registerMember(test.app, { verified: false });
    // The verification mail of the registration, written while there was room.
    const [written] = await fs.readdir(outbox);
    expect(written).toMatch(/\.eml$/);
    const whole = await fs.readFile(path.join(outbox, written));

    // Not a page left: the mail's file can be made but nothing written into it.
    await fillDisk(0);
    const refused = await test.app.inject({ method: 'POST', url: '/api/account/verification-mail', headers: { cookie: member.cookie }, payload: {} });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ error: { code: 'http/storage-full', message: 'Le serveur manque de place pour enregistrer ça : réessaie plus tard 🙁' } });
    expect(await fs.readdir(outbox)).toEqual([written]);
    expect(await fs.readFile(path.join(outbox, written))).toEqual(whole);

    expect((await test.app.inject({ method: 'GET', url: '/api/words' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/counter' })).statusCode).toBe(200);
    expect(await diskAlert()).toMatch(/DATA_DIR \(.+\) : [\d,]+ (ko|Mo|Go) libres sur [\d,]+ (Mo|Go)\./);

    // Room made: the same request goes through, with nothing to clean up first.
    await fs.rm(filler);
    const sent = await test.app.inject({ method: 'POST', url: '/api/account/verification-mail', headers: { cookie: member.cookie }, payload: {} });
    expect(sent.statusCode).toBe(204);
    expect((await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    expect(await fs.readdir(outbox)).toHaveLength(2);
  });
});

// The embedded database on a disk of its own: PGlite's files need about 40 MB.
const DATABASE_DISK_MB = 64;

// The embedded database's own files: the PostgreSQL pass has nothing to add.
describe.runIf(mountable && !process.env.TEST_DATABASE_URL)('a full disk under the embedded database', () => {
  const disk = path.join(os.tmpdir(), `unissons-full-database-disk-${process.pid}`);
  const dataDir = path.join(disk, 'data');
  const filler = path.join(disk, 'filler');
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    await fs.mkdir(disk, { recursive: true });
    await run('mount', ['-t', 'tmpfs', '-o', `size=${DATABASE_DISK_MB}m`, 'tmpfs', disk]);
    await fs.mkdir(dataDir);
    // The migrated template, unpacked where the server keeps its database (DATA_DIR/db).
    const template = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]) });
    await template.close();
    database = await openDatabase({ dataDir });
    const config = readConfig({ DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent-client', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ANTI_BOT_DIFFICULTY: '10', STAFF_TWO_FACTOR: 'optional' });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await run('umount', ['-l', disk]).catch(() => {});
    await fs.rm(disk, { recursive: true, force: true });
  });

  it('refuses a profile picture and a wiki screenshot with a French 507, keeps nothing of them, keeps serving reads, and takes them once there is room', async () => {
    const editor = await registerEditor(app, database);
    // Noise, which compresses badly: the stored image needs new pages of the database.
    const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();
    const [picture, screenshot] = await Promise.all([noise(256, 256), noise(320, 200)]);
    const uploadPicture = () => app.inject({ method: 'PUT', url: '/api/account/picture', headers: { cookie: editor.cookie, 'content-type': 'image/png' }, payload: picture });
    const uploadScreenshot = () =>
      app.inject({ method: 'POST', url: '/api/admin/wiki/images?alt=Du%20bruit', headers: { cookie: editor.cookie, 'content-type': 'image/png' }, payload: screenshot });
    const stored = async () => ({
      pictures: Number((await database.db.selectFrom('user_pictures').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count),
      screenshots: Number((await database.db.selectFrom('wiki_images').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count),
    });
    expect(await stored()).toEqual({ pictures: 0, screenshots: 0 });

    // The disk fills: past 90 %, the alerts' run (every 5 minutes on each instance) raises
    // the alert while the database can still record it.
    const alerts = alertsJob(app);
    await alerts.run();
    expect((await activeAlerts(database.db)).map((alert) => alert.condition)).toEqual([]);
    await fillRest(filler, 3 * 1024 * 1024);
    await alerts.run();
    const [raised] = await activeAlerts(database.db);
    expect(raised.condition).toBe('disk-low');
    expect(raised.detail).toMatch(/DATA_DIR \(.+\) : [\d,]+ (ko|Mo|Go) libres sur [\d,]+ (Mo|Go)\./);

    // Then it is full. The run still works: its rows exist, and their updates fit in their pages.
    await fillRest(filler, 0);
    await alerts.run();
    const full = { error: { code: 'http/storage-full', message: 'Le serveur manque de place pour enregistrer ça : réessaie plus tard 🙁' } };
    const refusedPicture = await uploadPicture();
    expect([refusedPicture.statusCode, refusedPicture.json()]).toEqual([507, full]);
    const refusedScreenshot = await uploadScreenshot();
    expect([refusedScreenshot.statusCode, refusedScreenshot.json()]).toEqual([507, full]);
    expect(await stored()).toEqual({ pictures: 0, screenshots: 0 });

    expect((await app.inject({ method: 'GET', url: '/api/words' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: editor.cookie } })).statusCode).toBe(200);
    expect((await activeAlerts(database.db)).map((alert) => alert.condition)).toEqual(['disk-low']);

    // Room made: the same uploads go through, on the same database, without a restart.
    await fs.rm(filler);
    expect((await uploadPicture()).statusCode).toBe(200);
    expect((await uploadScreenshot()).statusCode).toBe(200);
    expect(await stored()).toEqual({ pictures: 1, screenshots: 1 });
  });
});
