import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/connection';
import { startServerProcess, type ServerProcess } from '../platform/testing/server-process';
import { createTestDatabase } from '../platform/testing/test-database';

/**
 * What every instance starts with, before the test's own settings: no built pages, and staff
 * signing in with a password alone (quality/staff-two-factor-matrix.test.ts checks the second
 * factor).
 */
const COMMON_ENV = { CLIENT_DIR: '/nonexistent', STAFF_TWO_FACTOR: 'optional' };

interface InstancesOptions {
  count: number;
  /**
   * Their settings, as environment variables. A function is called as each instance starts,
   * once the hooks registered before ran (an SMTP server's address), with the instance's index
   * for what is its own.
   */
  env?: Record<string, string> | ((index: number) => Record<string, string>);
  /** The hook's time limit, when starting them takes longer than a hook's usual limit. */
  timeout?: number;
}

/**
 * An instance's settings. Its data folder is the block's own temporary one (shared by the
 * instances, as a host's would be): a mail sent without SMTP_URL lands in its outbox, not in
 * the checkout's data/.
 */
const settings = ({ env = {} }: InstancesOptions, index: number, dataDir: string) => ({
  ...COMMON_ENV,
  DATA_DIR: dataDir,
  ...(typeof env === 'function' ? env(index) : env),
});

const temporaryDataDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'unissons-instances-'));

/**
 * Instances of the site on one PostgreSQL database, a fresh one for the block, as a host runs
 * several: the same settings, each with its own connections and its own LISTEN, each on a port
 * of 127.0.0.1 (live streams need real HTTP). `database` is the test's own handle on it.
 *
 * They start one after the other before the block's first test, after the hooks registered
 * before this call (the SMTP server or the pooler they use), and are closed after its last,
 * before those hooks clean up. Read the fields inside tests and hooks.
 */
export function setUpInstances(
  options: InstancesOptions & {
    /** Each instance's connections to the database (through a pooler): its own pool, and LISTEN where the test's handle listens, by default. */
    connect?: (database: DatabaseHandle) => Promise<DatabaseHandle>;
  },
): { database: DatabaseHandle; apps: FastifyInstance[] } {
  const { connect = (database) => openDatabase({ databaseUrl: database.url, listenUrl: database.directUrl }) } = options;
  const site = { apps: [] as FastifyInstance[] } as { database: DatabaseHandle; apps: FastifyInstance[] };
  const handles: DatabaseHandle[] = [];
  let dataDir: string | undefined;
  beforeAll(async () => {
    const dir = (dataDir = await temporaryDataDir());
    site.database = await createTestDatabase();
    for (let index = 0; index < options.count; index++) {
      const handle = await connect(site.database);
      handles.push(handle);
      const app = await buildApp({ config: readConfig(settings(options, index, dir)), database: handle });
      site.apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
    }
  }, options.timeout);
  afterAll(async () => {
    for (const app of site.apps) await app.close();
    for (const handle of handles) await handle.close();
    await site.database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return site;
}

/**
 * The same, each instance the real server in a process of its own (the run's bundle, as
 * production runs it: startServerProcess), for a test to kill: started together, on
 * DATABASE_URL.
 */
export function setUpServerProcesses(options: InstancesOptions): { database: DatabaseHandle; servers: ServerProcess[] } {
  const site = { servers: [] as ServerProcess[] } as { database: DatabaseHandle; servers: ServerProcess[] };
  let dataDir: string | undefined;
  beforeAll(async () => {
    const dir = (dataDir = await temporaryDataDir());
    site.database = await createTestDatabase();
    await Promise.all(
      Array.from({ length: options.count }, async (_, index) => {
        site.servers[index] = await startServerProcess({ ...settings(options, index, dir), DATABASE_URL: site.database.url! });
      }),
    );
  }, options.timeout);
  afterAll(async () => {
    // Whatever a test left running (the instance it did not kill, or all after a failure) must not outlive the run.
    for (const server of site.servers) if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await site.database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return site;
}
