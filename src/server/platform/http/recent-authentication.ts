import type { FastifyRequest } from 'fastify';
import { FACTOR_CONFIRMATION_REQUIRED, REAUTHENTICATION_REQUIRED, RECENT_AUTHENTICATION_MINUTES } from '../../../shared/two-factor';
import { AppError } from './errors';

/**
 * What a sensitive act asks of the session (decision 0046): `recent`, the password or a factor
 * given within the last 10 minutes (a cookie left on a shared computer, or stolen, is not
 * enough); `factor`, for the acts that add, replace or remove a sign-in factor, the same, but
 * on an account with a second factor only a factor counts, so that a stolen session and the
 * password cannot take the second factor away or put their own in its place.
 */
export type RecentAuthentication = 'recent' | 'factor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by a sensitive route; the route groups check it before the handler and list it. */
    recentAuthentication?: RecentAuthentication;
  }
}

const within = (at: Date | undefined) => at !== undefined && Date.now() - at.getTime() <= RECENT_AUTHENTICATION_MINUTES * 60_000;

/** 403 with the code the page answers by asking the password or a factor again, then sending the act once more. */
export function requireRecentAuthentication(request: FastifyRequest, wanted: RecentAuthentication) {
  if (wanted === 'factor' && request.user?.two_factor_since) {
    if (!within(request.secondFactorAt)) throw new AppError(403, FACTOR_CONFIRMATION_REQUIRED);
  } else if (!within(request.authenticatedAt)) {
    throw new AppError(403, REAUTHENTICATION_REQUIRED);
  }
}
