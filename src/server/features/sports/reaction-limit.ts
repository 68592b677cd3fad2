import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { requireMember } from '../../http/route-groups';

export type ReactionLimit = (request: FastifyRequest) => Promise<void>;

/**
 * Each toggle writes a row and tells every open vote page, so one member clicking in a loop
 * costs every visitor. A person clicks a few times a minute: REACTION_RATE_LIMIT_PER_MINUTE
 * (60 by default) per member and minute, counted in this instance's memory like the per-IP
 * limits (behind a balancer, n instances let a member through at most n times as often).
 */
export function createReactionLimit(app: FastifyInstance): ReactionLimit {
  const limiter = app.createRateLimit({
    max: app.config.reactionRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `reaction:${requireMember(request).id}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'http/rate-limited');
  };
}
