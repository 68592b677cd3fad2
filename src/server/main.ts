import { buildApp } from './app';
import { ConfigError, readConfig, type Config } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { AdminBootstrapRefused, ensureAdmin } from './features/accounts/admin-bootstrap';

async function main() {
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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A server without its database would answer 500 to everything: stop, and let the
    // supervisor (systemd, the container) start it again.
    onLost: (reason) => {
      console.error('The embedded database stopped:', reason);
      process.exit(1);
    },
  });
  await migrateToLatest(database.db);
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.public.projectName} on ${config.public.publicUrl} (${database.mode})`);
}

void main();
