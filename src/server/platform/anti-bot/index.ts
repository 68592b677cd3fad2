import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { ANTI_BOT_CHALLENGE_URL, ANTI_BOT_FIELD, ANTI_BOT_FIELD_MAX_LENGTH } from '../../../shared/anti-bot';
import type { RouteGroups } from '../http/route-groups';
import { requestLimit } from '../http/request-limit';
import { anyObject, integer, shape, string, text } from '../http/schema';
import type { ProofOfWork } from './proof-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when the operator set ANTI_BOT=off. */
    proofOfWork: ProofOfWork | undefined;
  }
}

/** Spread into a protected route's body schema: the field is checked by `requireProofOfWork`. */
export const antiBotBodyField = { [ANTI_BOT_FIELD]: string({ maxLength: ANTI_BOT_FIELD_MAX_LENGTH }) };

/**
 * The protected route's preHandler: after the body's schema, before the handler, so a
 * refused form never spends a solution on a typo the schema catches.
 */
export function requireProofOfWork(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request) => {
    await app.proofOfWork?.check(request);
  };
}

/**
 * ALTCHA's challenge (altcha-lib's `Challenge`), signed over its parameters: a property left
 * out would make every solution invalid, so what the library adds in a later version is
 * written too (additionalProperties), not only the fields named here.
 */
const challenge = {
  ...shape(
    {
      parameters: {
        ...shape(
          {
            algorithm: text,
            cost: integer,
            data: anyObject,
            expiresAt: integer,
            keyLength: integer,
            keyPrefix: text,
            keySignature: text,
            memoryCost: integer,
            nonce: text,
            parallelism: integer,
            salt: text,
          },
          ['data', 'expiresAt', 'keySignature', 'memoryCost', 'parallelism'],
        ),
        additionalProperties: true,
      },
      signature: text,
    },
    ['signature'],
  ),
  additionalProperties: true,
};

export const antiBotGroups: RouteGroups = {
  public(app) {
    // Twice the forms' own budget (login, registration, forgot password share it): each attempt
    // needs a challenge, and a refused one a second; no address stockpiles them ahead.
    const rateLimit = requestLimit(app, { name: 'anti-bot', max: app.config.authRateLimitPerMinute * 2, timeWindow: 60_000 });
    // 204 tells the form the site asks no proof (ANTI_BOT=off): it shows no widget and sends none.
    app.get(ANTI_BOT_CHALLENGE_URL, { onRequest: rateLimit, schema: { response: { 200: challenge, 204: { type: 'null' } } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!app.proofOfWork) return reply.code(204).send();
      return app.proofOfWork.challenge();
    });
  },
};
