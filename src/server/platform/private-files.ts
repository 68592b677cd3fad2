import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the server and its commands write is for the server's user alone: the embedded
 * database and its WAL (password hashes, signing secrets), backups, the outbox's temporary
 * passwords. PGlite creates its files 0666, so the umask decides; each entry point sets it
 * first. The database's thread, and the process that creates a new database folder, share it.
 */
export function keepNewFilesPrivate() {
  process.umask(0o077);
}

/** What the site keeps in DATA_DIR: the embedded database, its lock, a restore under way, the outbox, the default BACKUP_DIR. */
const SITE_ENTRIES = ['db', 'db.lock', 'db.restoring', 'outbox', 'backups'];

const ACCESS_OF_OTHERS = 0o077;
/** The sticky bit: a folder several users share (/tmp). */
const STICKY = 0o1000;

/**
 * Makes DATA_DIR its user's alone: created 0700 when `create` (the embedded database's
 * folder), and a folder from before that rule (0755, its database files 0666) loses its
 * group and other bits, on the folder and on everything under the site's entries. Only
 * those: DATA_DIR may hold the operator's own files. The folder itself is left alone when it
 * is shared (sticky, such as /tmp) or another user's. Links are not followed. Returns the
 * paths it changed, none on a folder already private.
 */
export async function makeDataDirPrivate(dataDir: string, { create }: { create: boolean }): Promise<string[]> {
  if (create) await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const folder = await fs.stat(dataDir).catch(ignoreMissing);
  if (!folder) return [];
  const changed: string[] = [];
  const ours = folder.uid === process.getuid?.() && (folder.mode & STICKY) === 0;
  if (ours && (folder.mode & ACCESS_OF_OTHERS) !== 0) {
    await fs.chmod(dataDir, folder.mode & 0o700);
    changed.push(dataDir);
  }
  await Promise.all(SITE_ENTRIES.map((name) => removeAccessOfOthers(path.join(dataDir, name), changed)));
  return changed;
}

async function removeAccessOfOthers(file: string, changed: string[]): Promise<void> {
  const stats = await fs.lstat(file).catch(ignoreMissing);
  if (!stats || stats.isSymbolicLink()) return;
  if ((stats.mode & ACCESS_OF_OTHERS) !== 0) {
    await fs.chmod(file, stats.mode & 0o700);
    changed.push(file);
  }
  if (stats.isDirectory()) {
    const names = await fs.readdir(file).catch(ignoreMissing);
    await Promise.all((names ?? []).map((name) => removeAccessOfOthers(path.join(file, name), changed)));
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
