import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { readConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject` tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = readConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-client', ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
