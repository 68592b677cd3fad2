import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/connection';
import { antiBotGroups } from './platform/anti-bot/index';
import { capabilities } from './capabilities/index';
import { createProofOfWork } from './platform/anti-bot/proof-of-work';
import { resolveSession, sessionCookiesOnSend } from './capabilities/accounts/sessions';
import { healthRoutes } from './platform/health/routes';
import { seoGroups } from './platform/seo/index';
import { LiveHub } from './platform/live/live-hub';
import { liveRoutes } from './platform/live/routes';
import { loadClientPages } from './platform/http/client-pages';
import { fastifyTrustProxy } from './platform/http/client-key';
import { registerErrorHandler } from './platform/http/errors';
import { registerJsonBodyParser } from './platform/http/json-body';
import { loggerOptions, type LoggerSetting } from './platform/http/log-redaction';
import { isApiRoute, MAX_URL_LENGTH, registerSecurity, routerError } from './platform/http/security';
import { registerRouteGroups } from './platform/http/route-groups';
import { registerStaticClient } from './platform/http/static-client';
import { registerRequestId, requestIdOptions } from './platform/http/request-id';
import { registerMetrics } from './platform/metrics/metrics';
import { markingUndeliverable } from './platform/mail/undeliverable';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { ErrorCount } from './platform/health/error-count';
import { recordingMailHealth } from './platform/health/mail-health';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    liveHub: LiveHub;
    mailer: Mailer;
    /** Errors this instance logged, for the health panel. */
    errorCount: ErrorCount;
  }
}

interface AppOptions {
  config: Config;
  /** An open, migrated database; the app does not close it (its owner does). */
  database: DatabaseHandle;
  /** Defaults to SMTP_URL's pool, or the .eml outbox; closed with the app. */
  mailer?: Mailer;
  logger?: LoggerSetting;
  /**
   * Called with the new app before any plugin or route is added, so that its hooks reach
   * every route: tests that watch each route as it is registered, and what it answers.
   */
  watch?: (app: FastifyInstance) => void;
}

/** JSON bodies above this are refused with 413; routes that take uploads raise their own. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole site without listening, so tests can `inject` requests. */
export async function buildApp({ config, database, mailer, logger = false, watch }: AppOptions): Promise<FastifyInstance> {
  const errorCount = new ErrorCount();
  const app = Fastify({
    logger: loggerOptions(logger, errorCount),
    ...requestIdOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // A parameter may be as long as the URL (an allowlisted address reaches 254 characters):
    // the request-target limit decides, in the site's error shape (security.ts).
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: routerError,
    // Live streams stay open; at shutdown they are ended by the hub, then idle sockets closed.
    forceCloseConnections: 'idle',
  });
  watch?.(app);
  registerRequestId(app);
  // Past this, new sockets are dropped at once, before the process runs out of file descriptors.
  app.server.maxConnections = config.maxConnections;
  // Only JSON is accepted: a foreign site's plain form cannot post text/plain here (CSRF).
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('errorCount', errorCount);
  const appMailer = recordingMailHealth(
    markingUndeliverable(
      mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: app.log, dkim: config.dkim }),
      database.db,
      app.log,
    ),
    database.db,
    app.log,
  );
  app.decorate('mailer', appMailer);
  app.addHook('onClose', async () => appMailer.close());
  const hub = new LiveHub();
  await hub.start(database);
  app.decorate('liveHub', hub);
  app.decorate('proofOfWork', config.antiBot ? await createProofOfWork(database.db, config.antiBot.difficulty) : undefined);
  app.addHook('preClose', async () => hub.close());

  registerErrorHandler(app);
  const pages = loadClientPages(config.clientDir);
  await registerSecurity(app, { config });
  await app.register(cookie);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const secureCookies = config.public.publicUrl.startsWith('https:');
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('authenticatedAt', undefined);
  app.decorateRequest('pendingSessionCookies', undefined);
  app.addHook('onRequest', async (request) => {
    if (isApiRoute(request)) await resolveSession(database.db, request, secureCookies);
  });
  app.addHook('onSend', sessionCookiesOnSend(database.db, secureCookies));

  if (config.metricsToken) {
    const collectors = capabilities.flatMap((capability) => capability.metrics?.(app) ?? []);
    registerMetrics(app, { token: config.metricsToken, database, hub, collectors });
  }
  healthRoutes(app, database.db);
  liveRoutes(app, hub);
  for (const capability of capabilities) await capability.seed?.(database.db);
  const families = capabilities.flatMap((capability) => capability.pageFamilies?.(app) ?? []);
  await registerRouteGroups(app, [antiBotGroups, seoGroups(families), ...capabilities]);
  await registerStaticClient(
    app,
    pages,
    capabilities.flatMap((capability) => capability.pageParts?.(app) ?? []),
    families,
  );
  return app;
}
