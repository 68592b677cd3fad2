import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** True when a string anywhere in the parsed value, keys included, holds a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), then a 400 for any NUL character.
 * PostgreSQL stores no NUL in `text` or `jsonb`: without this, a `"\u0000"` reaching a query
 * would fail there as a 500. Checked here once for every body, nested survey answers
 * included, rather than in each route's rules.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString(), (error, value) => {
      if (error) done(error, undefined);
      else if (holdsNul(value)) done(new AppError(400, 'http/bad-request'), undefined);
      else done(null, value);
    });
  });
}
