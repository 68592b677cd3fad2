import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, readConfig, type Config } from './config';
import { openDatabase } from './platform/db/connection';
import { maintenanceJobs } from './platform/db/maintenance';
import { logMigrations, migrateDatabase, MigrationRefused } from './platform/db/migrate';
import { checkNoticesArrive, NoticesUndelivered } from './platform/db/notices-check';
import { AdminBootstrapRefused, ensureAdmin } from './capabilities/accounts/admin-bootstrap';
import { BackupDirShared, preparePrivateBackupDir } from './platform/backup/backup-files';
import { backupJob } from './platform/backup/backup-schedule';
import { retentionJob } from './platform/jobs/retention';
import { startJobs } from './platform/jobs/scheduler';
import { jobRunsRecorder } from './platform/health/job-runs';
import { capabilities } from './capabilities/index';
import { builtPublicConfigMismatches } from './platform/http/built-public-config';
import { keepNewFilesPrivate, makeDataDirPrivate } from './platform/private-files';

async function main() {
  keepNewFilesPrivate();
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration invalide : ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let madePrivate: string[];
  try {
    madePrivate = await makeDataDirPrivate(config.dataDir, { create: !config.databaseUrl });
    // The embedded database's server writes backups on a schedule: a shared folder is refused now.
    if (!config.databaseUrl) await preparePrivateBackupDir(config.backup.dir);
  } catch (error) {
    const reason =
      error instanceof BackupDirShared
        ? error.message
        : `DATA_DIR ${config.dataDir} ne peut être réservé à l'utilisateur du serveur : ${(error as Error).message}`;
    console.error(`Démarrage refusé : ${reason}`);
    process.exit(1);
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    // A server without its database would answer 500 to everything: stop, and let the
    // supervisor (systemd, the container) start it again.
    onLost: (reason) => {
      console.error('The embedded database stopped:', reason);
      process.exit(1);
    },
  });
  let applied: string[];
  try {
    // Before anything else: an instance whose pages would never hear of changes must not serve.
    await checkNoticesArrive(database);
    applied = await migrateDatabase(database);
  } catch (error) {
    if (!(error instanceof MigrationRefused) && !(error instanceof NoticesUndelivered)) throw error;
    console.error(`Démarrage refusé : ${error.message}`);
    await database.close();
    process.exit(1);
  }
  if (config.admin) {
    try {
      await ensureAdmin(database.db, config.admin);
    } catch (error) {
      if (!(error instanceof AdminBootstrapRefused)) throw error;
      console.error(`Démarrage refusé : ${error.message}`);
      await database.close();
      process.exit(1);
    }
  }
  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  if (madePrivate.length > 0)
    app.log.info(
      { dataDir: config.dataDir, entries: madePrivate.length },
      'DATA_DIR made private: group and other access removed',
    );
  logMigrations(app.log, applied);
  for (const { name, built, server } of await builtPublicConfigMismatches(config.clientDir, config.public)) {
    app.log.warn(
      { setting: name, pages: built, server },
      `${name}: the pages were built with "${built}" but the server reads "${server}": build the release again with the environment file's values`,
    );
  }
  if (config.staffTwoFactor === 'optional') {
    app.log.warn(
      { setting: 'STAFF_TWO_FACTOR' },
      'STAFF_TWO_FACTOR=optional: admins, moderators and editors reach /admin with a password alone; remove it once each has a second factor',
    );
  }
  const jobs = startJobs(
    [
      // The embedded database has no autovacuum: statistics now, VACUUM (ANALYZE) daily.
      ...maintenanceJobs(database, app.log),
      // Applies the privacy policy's retention periods now and daily (decision 0015), and
      // empties the mail outbox (written without SMTP) of what is past a month.
      retentionJob(database.db, capabilities, app.log, path.join(config.dataDir, 'outbox')),
      // Only this process may open the embedded database, so it backs itself up (decision
      // 0016). PostgreSQL has its host's backups and `backup.js`: no schedule, but the guide's
      // `systemctl kill -s USR2` still takes one (with pg_dump), rather than the signal's
      // default, an exit.
      backupJob(database, { ...config.backup, everyMs: database.mode === 'pglite' ? config.backup.everyMs : undefined }, app.log),
      ...capabilities.flatMap((capability) => capability.jobs?.(app) ?? []),
    ],
    app.log,
    // The health panel shows each job's last runs, and the alerts watch them.
    jobRunsRecorder(database.db),
  );
  process.on('SIGUSR2', () => void jobs.now('backup'));
  let stopping = false;
  /**
   * The app stops accepting, ends the live streams and lets the newsletter worker record what
   * it sent and hand back the rest (its preClose hooks); then the database closes. Within
   * 10 s, or exit 1: a supervisor waiting for us must not have to kill us.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    let code = 0;
    const failed = (error: unknown) => {
      app.log.error({ err: error }, 'shutdown step failed');
      code = 1;
    };
    for (const step of await Promise.allSettled([
app.close(), jobs.stop()]))
      if (step.status === 'rejected') failed(step.reason);
    // Even after a failed step: the embedded database's files are left consistent.
    await database.close().catch(failed);
    clearTimeout(timer);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.public.projectName} on ${config.public.publicUrl} (${database.mode})`);
}

void main();
