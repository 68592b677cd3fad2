import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's options for the request's id: a new UUID each time, never one a client sends (it
 * could forge another request's, or write what it likes into the logs). Fastify puts it in
 * every log line of the request (`reqId`).
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
} satisfies FastifyServerOptions;

/**
 * Every answer says its request's id, so that a visitor's report ('erreur, identifiant …')
 * or a proxy's log leads to the server's lines. Set as the request comes in: an error's
 * answer keeps it.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
