import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';

export type AuthRateLimit = (request: FastifyRequest) => Promise<void>;

/**
 * PRODUCT.md: login, registration and forgot-password share one per-IP budget (30 a
 * minute by default), hence one limiter used as an onRequest hook by the three routes
 * (route-level configs would each count apart). The per-e-mail failed-login limit lives in
 * the database instead (login-throttle.ts) so it holds across instances.
 */
export function createAuthRateLimit(app: FastifyInstance): AuthRateLimit {
  const limiter = app.createRateLimit({
    max: app.config.authRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `auth:${request.ip}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'http/rate-limited');
  };
}
