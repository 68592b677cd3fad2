import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { readConfig } from './config';
import type { DatabaseHandle } from './platform/db/connection';
import { object, string } from './platform/http/schema';
import { createTestDatabase } from './platform/testing/test-database';
import type { FastifyInstance } from 'fastify';

describe('HTTP foundation', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: readConfig({ CLIENT_DIR: '/nonexistent' }), database });
    // A throwaway route to exercise body validation the way feature routes use it.
    app.post('/api/echo', { schema: { body: object({ name: string({ maxLength: 10 }) }) } }, async (request) => request.body);
    app.get('/api/boom', async () => {
      throw new Error('secret internals');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the health check once the database is ready', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/echo', payload, headers: { 'content-type': 'application/json', ...headers } });

  it('accepts a valid body', async () => {
    const response = await post('{"name":"Léa"}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Léa' });
  });

  it.each([
    ['malformed JSON', '{"name":', 400],
    ['a wrong type', '{"name":42}', 400],
    ['an unknown field', '{"name":"a","admin":true}', 400],
    ['a missing field', '{}', 400],
    ['a string over its limit', '{"name":"abcdefghijk"}', 400],
    ['an empty body', '', 400],
    ['a body over the size limit', JSON.stringify({ name: 'x'.repeat(100_000) }), 413],
  ])('refuses %s with the error shape', async (_case, payload, status) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code: expect.stringMatching(/^http\//), message: expect.any(String) } });
  });

  it('refuses bodies that are not JSON (plain forms of other sites)', async () => {
    const response = await post('name=x', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('http/unsupported-media-type');
  });

  it('refuses writes from another origin (CSRF) and accepts same-origin ones', async () => {
    const foreign = await post('{"name":"a"}', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('http/forbidden-origin');
    const same = await post('{"name":"a"}', { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(200);
  });

  it('hides internal errors behind a French message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json().error.code).toBe('http/internal');
  });

  it('answers unknown API paths with a JSON 404 and unknown pages with a redirect to /', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('http/not-found');
    const page = await app.inject({ method: 'GET', url: '/une/page/inconnue' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/');
  });

  it('sends the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    // Pages' own policies are tested with a built client in http/security.test.ts.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });
});
