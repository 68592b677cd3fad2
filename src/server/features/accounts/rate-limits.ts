import type { Config } from '../../config';

/**
 * PRODUCT.md: login, registration and forgot-password share one per-IP budget (30 a
 * minute by default). The per-e-mail failed-login limit lives in the database instead
 * (login-throttle.ts) so it holds across instances.
 */
export function authRateLimit(config: Config) {
  return { max: config.authRateLimitPerMinute, timeWindow: 60_000, groupId: 'auth' };
}
