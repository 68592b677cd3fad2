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

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that holds `dataDir`, if a live one does. */
export async function dataDirHolder(dataDir: string): Promise<number | undefined> {
  const pid = Number(await fs.readFile(lockPath(dataDir), 'utf8').catch(() => ''));
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it: the one
 * that opens it writes its pid in `db.lock`, removed on close. A lock left by a process that
 * died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(lockPath(dataDir), String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockPath(dataDir), { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = await dataDirHolder(dataDir);
      if (holder !== undefined) throw new DataDirInUse(dataDir, holder);
      await fs.rm(lockPath(dataDir), { force: true });
    }
  }
}
