import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from './client-key';
import { AppError } from './errors';
import { countRequest } from './request-counts';

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
 * spent. Routes that share the hook share the budget. It is counted in the database
 * (request-counts.ts), so every instance spends the same budget: n instances allow what one
 * allows, and the embedded database counts the same way.
 */
export function requestLimit(app: FastifyInstance, { name, max, timeWindow, key = clientKey }: RequestLimitOptions): RequestLimit {
  return async (request) => {
    const count = await countRequest(app.database.db, `${name}:${key(request)}`, timeWindow);
    if (count > max) throw new AppError(429, 'http/rate-limited');
  };
}
