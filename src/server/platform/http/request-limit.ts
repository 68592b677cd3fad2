import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from './client-key';
import { AppError } from './errors';

export type RequestLimit = (request: FastifyRequest) => Promise<void>;

interface RequestLimitOptions {
  /** Names the budget, so two limits never count together. */
  name: string;
  max: number;
  timeWindow: number;
  /** Whose budget a request spends: the client's address by default, or e.g. a member's id. */
  key?: (request: FastifyRequest) => string;
}

/**
 * A budget of requests per time window, as an onRequest hook that answers 429 once it is
 * spent. Routes that share the hook share the budget (route-level rate-limit configs would
 * each count apart).
 */
export function requestLimit(
  app: FastifyInstance,
  { name, max, timeWindow, key = clientKey }: RequestLimitOptions,
): RequestLimit {
  const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'http/rate-limited');
  };
}
