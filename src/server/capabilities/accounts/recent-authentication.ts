import type { FastifyRequest } from 'fastify';
import { REAUTHENTICATION_REQUIRED, RECENT_AUTHENTICATION_MINUTES } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';

/**
 * A route's preHandler for a sensitive act: a session whose member has not given their
 * password or a factor within the last 10 minutes (a cookie left on a shared computer, a stolen
 * one) gets 403 auth/reauthentication-required, which the page answers by asking it again.
 */
export async function requireRecentAuthentication(request: FastifyRequest) {
  requireMember(request);
  const at = request.authenticatedAt;
  if (!at || Date.now() - at.getTime() > RECENT_AUTHENTICATION_MINUTES * 60_000) throw new AppError(403, REAUTHENTICATION_REQUIRED);
}
