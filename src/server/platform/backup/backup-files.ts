import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/** `backup-20261124T153000Z.sql.gz`: UTC, so names sort by time whatever the server's zone. */
const NAME = /^backup-\d{8}T\d{6}Z\.sql\.gz$/;

export function backupName(at: Date) {
  return `backup-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.sql.gz`;
}

/** The backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => NAME.test(name)).sort();
}

/** BACKUP_DIR is writable by others than the server's user: the server and `npm run backup` refuse it. */
export class BackupDirShared extends Error {}

/**
 * Creates BACKUP_DIR for the server's user alone, or checks that no one else may write in it
 * (group or other write bit, another owner than this user or root): they could replace a
 * backup, which a restore runs as SQL with the database's rights, or plant links under the
 * names backups are written to. Reading it may be granted (a copying agent's group).
 */
export async function preparePrivateBackupDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode, uid } = await fs.stat(dir);
  const anotherOwner = uid !== 0 && uid !== process.getuid?.();
  if ((mode & 0o022) === 0 && !anotherOwner) return;
  const who = anotherOwner ? `il appartient à un autre utilisateur (uid ${uid})` : `d'autres utilisateurs peuvent y écrire (droits ${(mode & 0o7777).toString(8)})`;
  throw new BackupDirShared(
    `BACKUP_DIR ${dir} : ${who}. Quelqu'un d'autre pourrait y remplacer une sauvegarde, qu'une restauration exécuterait. ` +
      `Réserve-le à l'utilisateur du serveur (chmod go-w ${dir}) ou choisis un autre dossier.`,
  );
}

/**
 * Compressed, written to `name.partial`, flushed to disk, then renamed: a file with the final
 * name is always a whole backup, even if the machine stops mid-write. The partial file is
 * created, never opened if there: what a crash left is removed first, and a link planted
 * under that name (a shared folder) is removed, not followed into the file it names.
 */
export async function writeBackup(dir: string, sql: string, at = new Date()): Promise<{ file: string; bytes: number }> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupName(at));
  const partial = `${file}.partial`;
  const compressed = await promisify(gzip)(sql);
  await fs.rm(partial, { force: true });
  const handle = await fs.open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(compressed);
    await handle.sync();
  } catch (error) {
    // A full disk (ENOSPC): the half-written file goes at once, giving its space back.
    await handle.close();
    await fs.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(partial, file);
  // The rename itself is durable once the folder is flushed too.
  const folder = await fs.open(dir, 'r');
  await folder.sync().finally(() => folder.close());
  return { file, bytes: compressed.length };
}

/** Keeps the newest `keep` backups, and removes what a crash left half-written. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  const partials = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql.gz.partial'));
  for (const name of [...removed, ...partials]) await fs.rm(path.join(dir, name), { force: true });
  return removed;
}

/** Why a file cannot be restored; nothing was written when this is thrown. */
export class BackupRefused extends Error {}

/**
 * The SQL of a backup, or BackupRefused if it is not a whole dump of this site: gzip checks
 * its length and checksum, pg_dump ends with a closing line, and the site's migration and
 * users tables must be in it.
 */
export async function readBackup(file: string): Promise<string> {
  const compressed = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefused(`impossible de lire ${file} (${error.code ?? error.message})`);
  });
  let sql: string;
  try {
    sql = (await promisify(gunzip)(compressed)).toString('utf8');
  } catch (error) {
    throw new BackupRefused(`${file} est tronqué ou abîmé (gzip : ${(error as Error).message}) ; rien n'a été écrit.`);
  }
  if (!/^-- PostgreSQL database dump$/m.test(sql) || !/^-- PostgreSQL database dump complete$/m.test(sql)) {
    throw new BackupRefused(`${file} n'est pas une sauvegarde complète faite par pg_dump ; rien n'a été écrit.`);
  }
  if (!sql.includes('CREATE TABLE public.kysely_migration (') || !sql.includes('CREATE TABLE public.users (')) {
    throw new BackupRefused(`${file} est une sauvegarde d'une autre base (ni les migrations ni les comptes de ce site n'y sont) ; rien n'a été écrit.`);
  }
  return sql;
}
