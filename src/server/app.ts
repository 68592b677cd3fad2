import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import { healthRoutes } from './features/health/routes';
import { LiveHub } from './features/live/live-hub';
import { liveRoutes } from './features/live/routes';
import { loadClientPages } from './http/client-pages';
import { registerErrorHandler } from './http/errors';
import { registerSecurity } from './http/security';
import { registerStaticClient } from './http/static-client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    liveHub: LiveHub;
  }
}

export interface AppOptions {
  config: Config;
  /** An open, migrated database; the app does not close it (its owner does). */
  database: DatabaseHandle;
  logger?: boolean | { level: string };
}

/** JSON bodies above this are refused with 413; routes that take uploads raise their own. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole site without listening, so tests can `inject` requests. */
export async function buildApp({ config, database, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // Live streams stay open; at shutdown they are ended by the hub, then idle sockets closed.
    forceCloseConnections: 'idle',
  });
  // Only JSON is accepted: a foreign site's plain form cannot post text/plain here (CSRF).
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('database', database);
  const hub = new LiveHub();
  await hub.start(database);
  app.decorate('liveHub', hub);
  app.addHook('preClose', async () => hub.close());

  registerErrorHandler(app);
  const pages = loadClientPages(config.clientDir);
  await registerSecurity(app, { config, scriptHashes: pages?.scriptHashes ?? [] });
  await app.register(cookie);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  healthRoutes(app, database.db);
  liveRoutes(app, hub);
  await registerStaticClient(app, pages);
  return app;
}
