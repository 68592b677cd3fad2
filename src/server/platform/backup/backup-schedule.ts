import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connection';
import type { Job } from '../jobs/scheduler';
import { listBackups, preparePrivateBackupDir } from './backup-files';
import { takeBackup } from './take-backup';

/** When the newest backup in `dir` was written, if there is one. */
async function newestAt(dir: string) {
  const newest = (await listBackups(dir)).at(-1);
  return newest ? (await fs.stat(path.join(dir, newest))).mtimeMs : undefined;
}

/**
 * Every `everyMs` (never when undefined: BACKUP_EVERY=off), counted from the newest backup: a
 * server restarted often still makes one per period, and one started after a long stop makes
 * one at once. Runs on the server (only it may open the embedded database), through the
 * database thread; `now('backup')` takes one at any time (SIGUSR2).
 */
export function backupJob(
  database: DatabaseHandle,
  options: { dir: string; everyMs: number | undefined; keep: number },
  log: Pick<FastifyBaseLogger, 'info'>,
): Job {
  return {
    name: 'backup',
    async next() {
      if (options.everyMs === undefined) return undefined;
      const at = await newestAt(options.dir);
      return at === undefined ? 0 : Math.max(0, at + options.everyMs - Date.now());
    },
    async run() {
      // Checked each time: on PostgreSQL the folder is first needed when a backup is asked for.
      await preparePrivateBackupDir(options.dir);
      await takeBackup(database, { ...options, log: (result) => log.info({ backup: result }, 'backup written') });
    },
  };
}
