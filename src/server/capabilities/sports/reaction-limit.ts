import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../platform/http/route-groups';
import { requestLimit, type RequestLimit } from '../../platform/http/request-limit';

/**
 * Each toggle writes a row and tells every open vote page, so one member clicking in a loop
 * costs every visitor. A person clicks a few times a minute: REACTION_RATE_LIMIT_PER_MINUTE
 * (60 by default) per member and minute, counted in the database like every request limit,
 * so a member gets it once whatever the number of instances.
 */
export function createReactionLimit(app: FastifyInstance): RequestLimit {
  return requestLimit(app, {
    name: 'reaction',
    max: app.config.reactionRateLimitPerMinute,
    timeWindow: 60_000,
    key: (request) => requireMember(request).id,
  });
}
