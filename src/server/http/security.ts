import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the rare route that a third party posts to (RFC 8058 one-click unsubscribe). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  config: Config;
  /** sha256 hashes of the inline scripts in the prerendered pages. */
  scriptHashes: string[];
}

export async function registerSecurity(app: FastifyInstance, { config, scriptHashes }: SecurityOptions) {
  const https = config.public.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        // Inline style attributes carry per-list animation durations; no script can hide there.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    if (!request.url.startsWith('/api/')) return;
    assertSameOrigin(request, config.public.publicUrl);
  });

  // Features opt in per route with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'http/rate-limited'),
  });
}

/**
 * The CSRF rule of the HTTP contract. Browsers send Origin on cross-site writes; a foreign
 * one is refused. The JSON-only body rule (text/plain and form parsers are not registered)
 * keeps plain HTML forms of other sites from posting at all.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  const origin = request.headers.origin;
  if (!origin) return;
  const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw new AppError(403, 'http/forbidden-origin');
}
