import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, dataDirHolder, lockDataDir } from './data-dir-lock';

describe("the embedded database folder's lock", () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });
  async function folder() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'data-dir-lock-'));
    folders.push(dir);
    return dir;
  }
  const bootId = async () => (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
  const writeLock = (dir: string, pid: number, boot: string) => fs.writeFile(path.join(dir, 'db.lock'), `${pid}\n${boot}`);

  it('is held by this process until released, then free again', async () => {
    const dir = await folder();
    const release = await lockDataDir(dir);
    expect(await dataDirHolder(dir)).toBe(process.pid);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUse);
    await release();
    expect(await dataDirHolder(dir)).toBeUndefined();
    await (await lockDataDir(dir))();
  });

  it('refuses a folder another live process holds in this boot', async () => {
    const dir = await folder();
    await writeLock(dir, process.ppid, await bootId());
    await expect(lockDataDir(dir)).rejects.toMatchObject({ pid: process.ppid });
  });

  it('takes over a lock from before the last boot, or naming this pid in an earlier life (a container’s pid 1)', async () => {
    const before = await folder();
    await writeLock(before, process.ppid, '00000000-0000-0000-0000-000000000000');
    await (await lockDataDir(before))();
    const earlierLife = await folder();
    await writeLock(earlierLife, process.pid, await bootId());
    await (await lockDataDir(earlierLife))();
  });
});
