import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../db/connection';
import { pruneBackups, readBackup, writeBackup } from './backup-files';

/**
 * pg_dump's options for both engines: plain SQL with INSERTs (PGlite cannot read COPY from a
 * script) and no owners or grants (the restoring role is rarely the dumping one).
 */
const PG_DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

/** psql-only lines (`\restrict`, added by recent pg_dump releases): scripts run through a driver. */
export const withoutPsqlCommands = (sql: string) => sql.replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, '');

/**
 * pg_dump's arguments and environment for `url`. A command line is readable by every user of
 * the machine (`ps`, /proc), an environment only by the same user: the password leaves the
 * URL (its user-info, or libpq's `?password=`) for PGPASSWORD.
 */
export function pgDumpInvocation(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = parsed.password ? decodedPassword(parsed.password) : parsed.searchParams.get('password');
  parsed.password = '';
  parsed.searchParams.delete('password');
  return {
    args: [...PG_DUMP_OPTIONS, `--dbname=${parsed.toString()}`],
    env: password === null ? process.env : { ...process.env, PGPASSWORD: password },
  };
}

/** libpq decodes a URL's %-escapes; one it would refuse is passed on as written. */
function decodedPassword(encoded: string) {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function pgDump(url: string): Promise<string> {
  const { args, env } = pgDumpInvocation(url);
  return new Promise((resolve, reject) => {
    execFile('pg_dump', args, { env, maxBuffer: 2 ** 31 - 1 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
        reject(new Error('pg_dump is not installed (Debian: apt install postgresql-client, of the server\'s major version or newer)'));
      } else if (error) reject(new Error(`pg_dump failed: ${stderr.trim() || error.message}`));
      else resolve(withoutPsqlCommands(stdout));
    });
  });
}

/** A plain SQL dump: pg_dump on PostgreSQL, its WebAssembly build on the embedded database. */
export function dumpDatabase(database: DatabaseHandle): Promise<string> {
  if (database.mode === 'postgres') return pgDump(database.url!);
  return database.dump!();
}

interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/** Dumps, writes `dir/backup-….sql.gz` atomically, keeps the newest `keep`; logs one line. */
export async function takeBackup(
  database: DatabaseHandle,
  options: { dir: string; keep: number; log: (result: BackupResult) => void },
): Promise<BackupResult> {
  const started = Date.now();
  const sql = await dumpDatabase(database);
  const { file, bytes } = await writeBackup(options.dir, sql);
  // Read back as a restore would: a file that does not is removed, so that nothing half-written
  // looks complete, and the older backups are kept.
  try {
    await readBackup(file);
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  await pruneBackups(options.dir, options.keep);
  const result = { file, bytes, ms: Date.now() - started };
  options.log(result);
  return result;
}

export const describeBackup = ({ file, bytes, ms }: BackupResult) =>
  `backup ${path.basename(file)} written in ${path.dirname(file)}: ${(bytes / 1024).toFixed(1)} kB in ${ms} ms`;
