import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { AppError } from './errors';
import { MAX_URL_LENGTH } from './security';
import type { DatabaseHandle } from '../db/connection';
import { setUpBuiltClient } from '../testing/built-client';
import { createTestDatabase } from '../testing/test-database';

const HOME_SCRIPT = 'window.home = 1;';
const JOIN_SCRIPT = 'window.join = 1;';
const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const APP = '<script type="module" src="/assets/app.js"></script>';

describe('security headers of pages, assets and API answers', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  // Two prerendered pages with their inline scripts (one pre-compressed, as the build does), the fallback page and an asset.
  const clientDir = setUpBuiltClient(
    { '/': { head: APP, script: HOME_SCRIPT, compressed: true }, '/join': { head: APP, script: JOIN_SCRIPT } },
    { fallback: { head: APP }, files: { 'assets/app.js': 'console.log(1);' } },
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: readConfig({ CLIENT_DIR: clientDir, PUBLIC_URL: 'https://unissons.example' }), database });
    // A route that promises its success to caches, then fails.
    app.get('/api/failing-public-list', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      throw new AppError(503, 'http/internal');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives each page a policy that allows its own inline scripts only', async () => {
    for (const [url, own, other] of [
      ['/', HOME_SCRIPT, JOIN_SCRIPT],
      ['/join', JOIN_SCRIPT, HOME_SCRIPT],
    ]) {
      for (const encoding of ['br', 'identity']) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain('upgrade-insecure-requests');
        expect(csp, url).toContain(`script-src 'self' ${sha256(own)}`);
        expect(csp, url).not.toContain(sha256(other));
        expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      }
    }
    const fallback = await app.inject({ method: 'GET', url: '/account' });
    expect(fallback.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('sends no policy with assets, a strict one with API answers, and the other headers with all', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const missing = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const response of [asset, api, await app.inject({ method: 'GET', url: '/' })]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers.server).toBeUndefined();
    }
  });

  it('lets no cache keep an error answer, even of a route that said its success could be', async () => {
    const failed = await app.inject({ method: 'GET', url: '/api/failing-public-list' });
    expect([failed.statusCode, failed.headers['cache-control']]).toEqual([503, 'no-store']);
    const page = await app.inject({ method: 'GET', url: '/join' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers what the router itself refuses in the error shape, with the API headers', async () => {
    for (const [url, status, code] of [
      ['/api/admin/members/%C0%80', 400, 'http/bad-request'],
      ['/api/users/%zz/picture', 400, 'http/bad-request'],
      [`/api/users/${'a'.repeat(MAX_URL_LENGTH + 1)}/picture`, 414, 'http/uri-too-long'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect([response.statusCode, response.json().error.code], url.slice(0, 30)).toEqual([status, code]);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A param as long as the longest address still reaches its route (here its guard's 401).
    const longAddress = `${'a'.repeat(64)}@${'b'.repeat(180)}.fr`;
    const removal = await app.inject({ method: 'DELETE', url: `/api/admin/organisations/allowlist/${encodeURIComponent(longAddress)}` });
    expect(removal.statusCode).toBe(401);
  });

  it('applies the API policy and the Origin check to percent-encoded API paths, which reach the same routes', async () => {
    const health = await app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const login = await app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'nobody@example.org', password: 'whatever' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('http/forbidden-origin');
  });

  it('refuses a write from a foreign origin on any path', async () => {
    const response = await app.inject({ method: 'POST', url: '/nothing-here', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('http/forbidden-origin');
  });

  // No time is measured: the 414 keeps paths to 2,048 characters, too few for a backtracking regex
  // to show at any load, and isClientPath gets a million slashes in src/shared/routes.test.ts.
  it('serves a path of 2,000 slashes, and answers 414 to longer URLs', async () => {
    const slashes = await app.inject({ method: 'GET', url: '/'.repeat(2000) });
    expect(slashes.statusCode).toBe(200);
    for (const url of ['/'.repeat(MAX_URL_LENGTH + 1), `/api/health?${'a'.repeat(MAX_URL_LENGTH)}`, `/join/${'x'.repeat(MAX_URL_LENGTH)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 20)).toBe(414);
      expect(response.json().error).toEqual({ code: 'http/uri-too-long', message: 'Adresse trop longue 🙁' });
    }
    const longest = await app.inject({ method: 'GET', url: `/api/health?${'a'.repeat(MAX_URL_LENGTH - '/api/health?'.length)}` });
    expect(longest.statusCode).not.toBe(414);
  });
});
