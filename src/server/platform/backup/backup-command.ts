// `npm run backup` (in a release: `node build/node/backup.js`): takes a backup now into BACKUP_DIR (default DATA_DIR/backups).
// PostgreSQL: pg_dump on DATABASE_URL. Embedded database: read from DATA_DIR if no server
// holds it; if the server runs, it is asked (SIGUSR2) and writes the backup itself.
import path from 'node:path';
import { commandConfig, fail, hasEmbeddedDatabase } from '../command-line';
import { openDatabase } from '../db/connection';
import { DataDirInUse, dataDirHolder } from '../db/data-dir-lock';
import { BackupDirShared, listBackups, preparePrivateBackupDir } from './backup-files';
import { describeBackup, takeBackup } from './take-backup';

const config = commandConfig();
const { dir, keep } = config.backup;
try {
  await preparePrivateBackupDir(dir);
} catch (error) {
  if (error instanceof BackupDirShared) fail(`Sauvegarde refusée : ${error.message}`);
  throw error;
}

/** The running server writes it: wait for a backup newer than those already there. */
async function askServer(pid: number) {
  const before = new Set(await listBackups(dir));
  process.kill(pid, 'SIGUSR2');
  console.log(`Le serveur (processus ${pid}) utilise ${config.dataDir} : il fait la sauvegarde lui-même…`);
  for (let waited = 0; waited < 300_000; waited += 500) {
    const made = (await listBackups(dir)).find((name) => !before.has(name));
    if (made) return console.log(`Sauvegarde écrite : ${path.join(dir, made)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`Aucune sauvegarde n'est apparue dans ${dir} après 5 minutes : voir le journal du serveur ("backup failed").`);
}

if (!config.databaseUrl) {
  if (!(await hasEmbeddedDatabase(config.dataDir))) {
    fail(`Pas de base embarquée dans ${config.dataDir} (DATA_DIR) : rien à sauvegarder.`);
  }
  const holder = await dataDirHolder(config.dataDir);
  if (holder !== undefined) {
    await askServer(holder);
    process.exit(0);
  }
}

try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await takeBackup(database, { dir, keep, log: (result) => console.log(describeBackup(result)) });
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirInUse) await askServer(error.pid);
  else fail(`Sauvegarde impossible : ${(error as Error).message}`);
}
