// `npm run restore -- FILE [--force]` (in a release: `node build/node/restore.js FILE`): restores a backup (npm run backup, the server's own,
// or any pg_dump of this site in plain SQL) into the PostgreSQL of DATABASE_URL if set, else
// into DATA_DIR. Refuses a target that holds data unless --force, and a truncated or foreign
// file; in both cases nothing is written. Also moves an embedded database to PostgreSQL.
import { ConfigError, readConfig } from '../../config';
import { keepNewFilesPrivate } from '../private-files';
import { BackupRefused, readBackup } from './backup-files';
import { restoreIntoDataDir, restoreIntoPostgres } from './restore-backup';

keepNewFilesPrivate();
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1) {
  console.error('Usage : npm run restore -- FICHIER.sql.gz [--force]');
  process.exit(1);
}

try {
  const config = readConfig();
  const sql = await readBackup(files[0]);
  const started = Date.now();
  if (config.databaseUrl) await restoreIntoPostgres(sql, config.databaseUrl, { force });
  else await restoreIntoDataDir(sql, config.dataDir, { force });
  const target = config.databaseUrl ? `la base PostgreSQL de DATABASE_URL` : config.dataDir;
  console.log(`Sauvegarde ${files[0]} restaurée dans ${target} en ${Date.now() - started} ms. Démarre le serveur : les migrations manquantes s'appliquent au démarrage.`);
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration invalide : ${error.message}`);
  else if (error instanceof BackupRefused) console.error(`Refus : ${error.message}`);
  else console.error(`Restauration impossible (rien n'a été écrit) : ${(error as Error).message}`);
  process.exit(1);
}
