import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DataDirInUse, lockDataDir } from '../db/data-dir-lock';
import { PGliteThread } from '../db/pglite-thread-client';
import { BackupRefused } from './backup-files';

const thousands = (count: number) => count.toLocaleString('fr-FR');

/** What an existing database holds, in the operator's words ('' when it is empty). */
function contents(tables: number, accounts: number | undefined) {
  if (tables === 0) return '';
  return accounts === undefined ? `${thousands(tables)} table(s)` : `${thousands(accounts)} compte(s)`;
}

type Query = <R>(sql: string) => Promise<R[]>;

/** What the target holds: its tables, and its accounts when it is a database of this site. */
async function inspect(query: Query) {
  const [{ tables, users }] = await query<{ tables: number; users: boolean }>(
    `select count(*)::int as tables, bool_or(tablename = 'users') is true as users from pg_tables where schemaname = 'public'`,
  );
  const accounts = users ? (await query<{ count: number }>('select count(*)::int as count from public.users'))[0].count : undefined;
  return contents(tables, accounts);
}

function refuseUnlessForced(found: string, where: string, force: boolean) {
  if (found && !force) {
    throw new BackupRefused(`${where} contient déjà ${found} : rien n'a été écrit. Relance avec --force pour la remplacer par la sauvegarde.`);
  }
}

/**
 * Into the PostgreSQL of `url`, in one transaction: a failure leaves it as it was. With
 * `force`, what the public schema held is dropped first (in the same transaction).
 */
export async function restoreIntoPostgres(sql: string, url: string, { force }: { force: boolean }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = async <R,>(text: string) => (await client.query(text)).rows as R[];
    const found = await inspect(query);
    refuseUnlessForced(found, 'La base PostgreSQL', force);
    const [{ version }] = await query<{ version: number }>(`select current_setting('server_version_num')::int as version`);
    // A dump of the embedded database comes from a newer pg_dump (PGlite follows the latest
    // PostgreSQL); this setting is the one line of its header older servers do not know.
    const script = version < 170000 ? sql.replace(/^SET transaction_timeout = 0;$/m, '') : sql;
    await client.query('begin');
    try {
      if (found) await client.query('drop schema public cascade; create schema public');
      await client.query(script);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    await client.end();
  }
}

async function countEmbedded(folder: string) {
  if (!(await fs.stat(path.join(folder, 'PG_VERSION')).catch(() => undefined))) return '';
  const pglite = await PGliteThread.start({ dataDir: folder });
  try {
    return await inspect(async <R,>(text: string) => (await pglite.query<R>(text, [])).rows);
  } finally {
    await pglite.close();
  }
}

/**
 * Into `dataDir/db`: restored beside it first (`db.restoring`), then swapped in, so a failure
 * leaves the folder as it was. Holds the folder's lock throughout: the server cannot start
 * on it meanwhile, and a running server makes this refuse.
 */
export async function restoreIntoDataDir(sql: string, dataDir: string, { force }: { force: boolean }) {
  await fs.mkdir(dataDir, { recursive: true });
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new BackupRefused(`${dataDir} est utilisé par le processus ${error.pid} (le serveur ?) : arrête-le avant de restaurer ; rien n'a été écrit.`);
  }
  const target = path.join(dataDir, 'db');
  const staging = path.join(dataDir, 'db.restoring');
  try {
    refuseUnlessForced(await countEmbedded(target), `La base de ${dataDir}`, force);
    await fs.rm(staging, { recursive: true, force: true });
    try {
      const pglite = await PGliteThread.start({ dataDir: staging });
      try {
        await pglite.exec(sql);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      await fs.rm(staging, { recursive: true, force: true });
      throw error;
    }
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(staging, target);
  } finally {
    await unlock();
  }
}
