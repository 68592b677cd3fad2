import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldConditions } from '../capabilities/dashboard/alerts';
import { siteHealth } from '../capabilities/dashboard/health';
import { listBackups, readBackup } from '../platform/backup/backup-files';
import { takeBackup } from '../platform/backup/take-backup';
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

const mountable = await canMount();
if (!mountable) console.warn('disk-full.test.ts: this machine does not let the test mount a tmpfs (root needed); the full disk is not tested');

describe.runIf(mountable)('a full disk', () => {
  const disk = path.join(os.tmpdir(), `unissons-full-disk-${process.pid}`);
  const backupDir = path.join(disk, 'backups');
  const test = setUpTestApp({ BACKUP_DIR: backupDir });

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
    const filler = path.join(disk, 'filler');
    const handle = await fs.open(filler, 'w');
    try {
      for (;;) await handle.write(Buffer.alloc(16 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      await handle.close();
    }
    await fs.truncate(filler, Math.max(0, (await fs.stat(filler)).size - Math.floor(first.bytes / 2)));

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

    const held = await heldConditions(test.database.db, await siteHealth(test.app));
    expect(held.get('disk-low')).toMatch(/^BACKUP_DIR \(.+\) : [\d,]+ (ko|Mo|Go) libres sur [\d,]+ (Mo|Go)\.$/);
  });
});
