import type { FastifyError, FastifyInstance } from 'fastify';
import { messageForCode } from '../../../shared/messages';
import type { ApiErrorBody } from '../../../shared/api-error';
import { isDatabaseUnavailable } from '../db/unavailable';

/** An error meant for the visitor: its code and French message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string = messageForCode(code),
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string = messageForCode(code)): ApiErrorBody {
  return { error: { code, message } };
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'http/payload-too-large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'http/unsupported-media-type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'http/bad-request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'http/bad-request'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'http/bad-request'],
};

/** One error shape for every failure: `{ error: { code, message } }`, never a stack. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (error.validation) {
      const where = error.validation[0]?.instancePath || error.validationContext || '';
      return reply.code(400).send(errorBody('http/bad-request', `${messageForCode('http/bad-request')} ${where}`.trim()));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known[0]).send(errorBody(known[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode === 429 ? 'http/rate-limited' : 'http/bad-request'));
    }
    if (isDatabaseUnavailable(error)) {
      // Stopped, restarting, a connection cut: the pool reconnects by itself once it is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(errorBody('http/unavailable'));
    }
    if (isStorageFull(error)) {
      // Nothing was kept (a file written under a temporary name, a statement rolled back):
      // the visitor may try again once the operator has made room.
      request.log.error({ err: error }, 'storage full');
      return reply.code(507).send(errorBody('http/storage-full'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('http/internal'));
  });
}

/** A full disk or quota where the server writes (ENOSPC, EDQUOT), or PostgreSQL's own (SQLSTATE 53100, disk_full). */
function isStorageFull(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}
