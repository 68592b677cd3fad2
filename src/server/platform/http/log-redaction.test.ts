import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from '../testing/test-database';
import { redactUrl, remoteNetwork } from './log-redaction';

let database: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = readConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-client' });
  // The app's real logger, written to this list instead of stdout.
  app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

it('logs requests without the e-mail addresses of their URLs, in the path or the query', async () => {
  await app.inject({ method: 'DELETE', url: '/api/admin/organisations/allowlist/lea%40exemple.fr' });
  await app.inject({ method: 'GET', url: '/api/admin/organisations/allowlist/tom@exemple.fr/' });
  await app.inject({ method: 'GET', url: '/api/admin/past-trips?email=zoe%40exemple.fr&sort=date' });

  const logged = lines.join('\n');
  expect(logged).not.toMatch(/lea|tom|zoe|exemple\.fr|%40|@/);
  const urls = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).filter((entry) => entry.msg === 'incoming request');
  expect(urls.map((entry) => entry.req!.url)).toEqual([
    '/api/admin/organisations/allowlist/[e-mail]',
    '/api/admin/organisations/allowlist/[e-mail]/',
    '/api/admin/past-trips',
  ]);
});

it('keeps no verification link token', () => {
  expect(redactUrl('/verifier-adresse/q9Xr0yH3bA8kLmN2pQ4sT6uV8wY0zA1bC3dE5fG7hI9?utm=1')).toBe('/verifier-adresse/[lien]');
});

it('keeps the rest of the path', () => {
  expect(redactUrl('/api/words')).toBe('/api/words');
  expect(redactUrl('/newsletter-unsubscribe/7a0c1e52-1111-4a4a-9b9b-000000000001?x=1')).toBe('/newsletter-unsubscribe/7a0c1e52-1111-4a4a-9b9b-000000000001');
});

it('counts each error line for the health panel, and nothing below', async () => {
  const before = app.errorCount.lastDay();
  app.log.warn('a warning');
  app.log.error('an error');
  app.log.fatal('worse');
  expect(app.errorCount.lastDay()).toBe(before + 2);
});

it('logs the network a request came from, never its whole address', async () => {
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/api/words', remoteAddress: '203.0.113.57' });
  await app.inject({ method: 'GET', url: '/api/words', remoteAddress: '2001:db8:5:6:7:8:9:a' });
  await app.inject({ method: 'GET', url: '/api/words', remoteAddress: '::ffff:198.51.100.23' });

  const logged = lines.join('\n');
  expect(logged).not.toMatch(/203\.0\.113\.57|2001:db8:5:6|198\.51\.100\.23|remotePort/);
  const networks = lines
    .map((line) => JSON.parse(line) as { msg: string; req?: { remoteNetwork?: string } })
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req!.remoteNetwork);
  expect(networks).toEqual(['203.0.113.0/24', '2001:db8:5::/48', '198.51.100.0/24']);
  expect(remoteNetwork('pas une adresse')).toBeUndefined();
});
