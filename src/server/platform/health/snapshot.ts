import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';
import { listBackups } from '../backup/backup-files';
import { jobRuns, type JobRun } from './job-runs';
import { mailHealth, type MailHealth } from './mail-health';

const STARTED_AT = new Date();

// In the repository, package.json is four folders up; in a release, two (build/node/main.js).
const PACKAGE_FILES = [new URL('../../../../package.json', import.meta.url), new URL('../../package.json', import.meta.url)];

/** The site's version, from the package.json beside the code ('' when none is found). */
export const siteVersion: string = (() => {
  for (const file of PACKAGE_FILES) {
    try {
      const { name, version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (name === 'unissons-site' && version) return version;
    } catch {
      // Not this one: the next candidate.
    }
  }
  return '';
})();

interface Disk {
  /** The setting that names the folder: DATA_DIR or BACKUP_DIR. */
  setting: 'DATA_DIR' | 'BACKUP_DIR';
  path: string;
  freeBytes: number;
  totalBytes: number;
}

/** The free space of the file system that holds `dir`, or of its nearest folder that exists. */
async function disk(setting: Disk['setting'], dir: string): Promise<Disk | undefined> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const stats = await fs.promises.statfs(at);
      return { setting, path: dir, freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      if (at === path.dirname(at)) return undefined;
    }
  }
}

interface LastBackup {
  file: string;
  at: Date;
  bytes: number;
}

async function lastBackup(dir: string): Promise<LastBackup | null> {
  const newest = (await listBackups(dir).catch(() => [])).at(-1);
  if (!newest) return null;
  const stat = await fs.promises.stat(path.join(dir, newest)).catch(() => undefined);
  return stat ? { file: newest, at: stat.mtime, bytes: stat.size } : null;
}

export interface PlatformHealth {
  version: string;
  startedAt: Date;
  database: { mode: DatabaseHandle['mode']; sizeBytes: number };
  disks: Disk[];
  backups: {
    /** Every backup is read back whole after it is written (take-backup.ts): one that is listed was verified. */
    last: LastBackup | null;
    /** The embedded database's schedule; PostgreSQL's backups are its host's. */
    everyMs: number | null;
    next: Date | null;
  };
  mail: MailHealth & { path: 'smtp' | 'outbox' };
  jobs: JobRun[];
  errorsLastDay: number;
}

/** What the platform knows of the site's state, for the admin's health panel and the alerts. */
export async function platformHealth(
  { db, database, config, errorsLastDay }: { db: Kysely<Database>; database: DatabaseHandle; config: Config; errorsLastDay: number },
): Promise<PlatformHealth> {
  const everyMs = database.mode === 'pglite' ? (config.backup.everyMs ?? null) : null;
  const [size, disks, last, mail, jobs] = await Promise.all([
    sql<{ bytes: string }>`select pg_database_size(current_database())::text as bytes`.execute(db),
    Promise.all([disk('DATA_DIR', config.dataDir), disk('BACKUP_DIR', config.backup.dir)]),
    lastBackup(config.backup.dir),
    mailHealth(db),
    jobRuns(db),
  ]);
  return {
    version: siteVersion,
    startedAt: STARTED_AT,
    database: { mode: database.mode, sizeBytes: Number(size.rows[0]?.bytes ?? 0) },
    disks: disks.filter((found): found is Disk => found !== undefined),
    backups: {
      last,
      everyMs,
      next: everyMs === null ? null : new Date(Math.max(Date.now(), (last?.at.getTime() ?? 0) + everyMs)),
    },
    mail: { ...mail, path: config.smtpUrl ? 'smtp' : 'outbox' },
    jobs,
    errorsLastDay,
  };
}
