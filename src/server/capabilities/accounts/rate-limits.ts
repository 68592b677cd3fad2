import type { FastifyInstance } from 'fastify';
import { requestLimit, type RequestLimit } from '../../platform/http/request-limit';

export type AuthRateLimit = RequestLimit;

/**
 * PRODUCT.md: login, registration and forgot-password share one per-IP budget (30 a
 * minute by default), hence one limiter per app used as an onRequest hook by the three routes
 * (route-level configs would each count apart). Like every request limit it counts in the
 * database, so the budget holds across instances; so does the failed-login limit, per e-mail
 * and address (login-throttle.ts).
 */
export function authRateLimit(app: FastifyInstance): AuthRateLimit {
  let limit = budgets.get(app);
  if (!limit) budgets.set(app, (limit = requestLimit(app, { name: 'auth', max: app.config.authRateLimitPerMinute, timeWindow: 60_000 })));
  return limit;
}

/** One budget per app: the organisations' registration spends the same one as the members'. */
const budgets = new WeakMap<FastifyInstance, AuthRateLimit>();
