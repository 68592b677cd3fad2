import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connection';
import { listBackups, preparePrivateBackupDir } from './backup-files';
import { takeBackup } from './take-backup';

interface BackupSchedule {
  /** Takes one now (SIGUSR2, `npm run backup` while the server runs); none if one is under way. */
  now(): Promise<void>;
  /** Resolves once a backup under way is written, so the database can close after it. */
  stop(): Promise<void>;
}

/** When the newest backup in `dir` was written, if there is one. */
async function newestAt(dir: string) {
  const newest = (await listBackups(dir)).at(-1);
  return newest ? (await fs.stat(path.join(dir, newest))).mtimeMs : undefined;
}

/**
 * Every `everyMs` (never when undefined: BACKUP_EVERY=off), counted from the newest backup: a server restarted often still makes
 * one per period, and one started after a long stop makes one at once. Runs on the server
 * (only it may open the embedded database), through the database thread.
 */
export function startBackups(
  database: DatabaseHandle,
  options: { dir: string; everyMs: number | undefined; keep: number },
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): BackupSchedule {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = () => {
    // Checked each time: on PostgreSQL the folder is first needed when a backup is asked for.
    running ??= preparePrivateBackupDir(options.dir)
      .then(() => takeBackup(database, { ...options, log: (result) => log.info({ backup: result }, 'backup written') }))
      .then(
        () => {},
        (error: unknown) => log.error({ err: error }, 'backup failed'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  };
  const schedule = () => {
    const { everyMs } = options;
    if (stopped || everyMs === undefined) return;
    clearTimeout(timer);
    void newestAt(options.dir).then((at) => {
      if (stopped) return;
      clearTimeout(timer);
      const wait = at === undefined ? 0 : Math.max(0, at + everyMs - Date.now());
      timer = setTimeout(() => void run(), wait).unref();
    });
  };
  schedule();
  return {
    now: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
