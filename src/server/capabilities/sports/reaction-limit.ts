import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../platform/http/route-groups';
import { requestLimit, type RequestLimit } from '../../platform/http/request-limit';

/**
 * Each toggle writes a row and tells every open vote page, so one member clicking in a loop
 * costs every visitor. A person clicks a few times a minute: REACTION_RATE_LIMIT_PER_MINUTE
 * (60 by default) per member and minute, counted in this instance's memory like the per-IP
 * limits (behind a balancer, n instances let a member through at most n times as often).
 */
export function createReactionLimit(app: FastifyInstance): RequestLimit {
  return requestLimit(app, {
    name: 'reaction',
    max: app.config.reactionRateLimitPerMinute,
    timeWindow: 60_000,
    key: (request) => requireMember(request).id,
  });
}
