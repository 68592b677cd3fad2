import fs from 'node:fs/promises';
import path from 'node:path';

/** Another live process holds the embedded database's folder. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the embedded database in ${dataDir} is in use by process ${pid} (the running server?)`);
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, 'db.lock');
/** The folders this process holds: a lock naming this pid is ours only if listed here. */
const heldHere = new Set<string>();

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Changes at each boot of the machine: a lock written before the last boot is stale. */
async function bootId(): Promise<string> {
  return (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
}

/**
 * The process that holds `dataDir`, if a live one does. A pid is only the same process
 * within one boot, and names this process only if it took the lock itself: after a power cut,
 * or in a container whose server is always pid 1, an old lock must not keep it from starting.
 */
export async function dataDirHolder(dataDir: string): Promise<number | undefined> {
  const [pidText = '', lockBoot = ''] = (await fs.readFile(lockPath(dataDir), 'utf8').catch(() => '')).split('\n');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (pid === process.pid) return heldHere.has(path.resolve(dataDir)) ? pid : undefined;
  if (lockBoot && lockBoot !== (await bootId())) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it: the one
 * that opens it writes its pid (and the machine's boot) in `db.lock`, removed on close. A
 * lock left by a process that died, or by this one in an earlier life, is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(lockPath(dataDir), `${process.pid}\n${await bootId()}`, { flag: 'wx' });
      heldHere.add(path.resolve(dataDir));
      return async () => {
        heldHere.delete(path.resolve(dataDir));
        await fs.rm(lockPath(dataDir), { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = await dataDirHolder(dataDir);
      if (holder !== undefined) throw new DataDirInUse(dataDir, holder);
      await fs.rm(lockPath(dataDir), { force: true });
    }
  }
}
