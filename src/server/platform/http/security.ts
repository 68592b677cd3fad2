import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError, errorBody } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the rare route that a third party posts to (RFC 8058 one-click unsubscribe). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface SecurityOptions {
  config: Config;
}

/**
 * What an answer under /api/ may do if it is ever opened as a document: nothing. These answers
 * carry visitors' text and uploaded pictures, so a browser that rendered one (a picture served
 * as SVG, a mis-sniffed body) must load and run nothing, and no site may frame it.
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Longest request target (path and query) served; longer ones get 414. Every URL the site
 * makes is under 300 characters, and 2,048 is what a sitemap may list and old browsers
 * sent, so no shared link (tracking parameters included) is refused; it keeps per-request
 * work on paths small whatever a client sends (Node alone lets 16 kB through).
 */
export const MAX_URL_LENGTH = 2048;

/**
 * Whether the API answers this request, decided by the route that matched and not by the
 * raw URL: the router decodes the path, so `/%61pi/auth/login` reaches /api/auth/login.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/**
 * The Content-Security-Policy of one HTML page, allowing its own inline scripts by hash
 * (React Router writes its context inline) and no others. Only pages get it: a policy
 * applies to documents, and scripts, style sheets and images of the build carry none
 * (it was 1.9 kB on each of them).
 */
export function pagePolicy(config: Config, scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    // Inline style attributes carry per-list animation durations; no script can hide there.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps(config) ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

const isHttps = (config: Config) => config.public.publicUrl.startsWith('https:');

export async function registerSecurity(app: FastifyInstance, { config }: SecurityOptions) {
  const https = isHttps(config);
  await app.register(helmet, {
    // Set per answer: pagePolicy() on HTML pages (static-client.ts), API_POLICY below.
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, 'http/uri-too-long');
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isApiRoute(request)) reply.header('content-security-policy', API_POLICY);
  });

  // API answers carry members' and staff's data: no browser or proxy keeps one unless its route
  // says so itself (the public lists revalidated by ETag, pictures under a versioned URL). An
  // error is never kept, even from a route that had already said its success could be.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || (isApiRoute(request) && !reply.hasHeader('cache-control'))) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Every write, whatever its path: only the API takes any, and no URL spelling can skip this.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    assertSameOrigin(request, config.public.publicUrl);
  });
}

/**
 * The router's own refusals, before any route matched and so before any hook: an escape that
 * decodes to no UTF-8 (`%C0%80`), a path parameter past the router's limit. Fastify would
 * answer them in its own shape and without the headers an API answer carries.
 */
export function routerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, code] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'http/uri-too-long'] : [400, 'http/bad-request'];
  return reply
    .code(status)
    .header('content-security-policy', API_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(errorBody(code));
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
