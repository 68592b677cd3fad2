import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from '../testing/test-database';
import { REQUEST_ID_HEADER } from './request-id';

let database: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = readConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-client' });
  app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('gives every answer, errors included, its own request id, never the one a client sends', async () => {
  const answers = await Promise.all([
    app.inject({ method: 'GET', url: '/api/words' }),
    app.inject({ method: 'GET', url: '/api/auth/me' }),
    app.inject({ method: 'POST', url: '/api/auth/login', payload: '{not json', headers: { 'content-type': 'application/json' } }),
    app.inject({ method: 'GET', url: '/api/nothing-here', headers: { [REQUEST_ID_HEADER]: 'forged-by-the-client' } }),
  ]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400, 404]);
  const ids = answers.map((answer) => String(answer.headers[REQUEST_ID_HEADER]));
  for (const id of ids) expect(id).toMatch(UUID);
  expect(new Set(ids).size).toBe(ids.length);
});

it('writes the id in each log line of its request, so an answer leads to its lines', async () => {
  lines.length = 0;
  const answer = await app.inject({ method: 'GET', url: '/api/words' });
  const id = answer.headers[REQUEST_ID_HEADER];
  const entries = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string });
  expect(entries.filter((entry) => entry.reqId === id).map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
});
