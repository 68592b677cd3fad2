import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from '../testing/test-database';
import { registerErrorHandler } from './errors';
import { countRequest, purgeRequestCounts } from './request-counts';
import { requestLimit } from './request-limit';

/**
 * Two apps on one database stand for two instances behind a balancer: whatever one lets
 * through, the other counts. The same code and table serve the embedded database and PostgreSQL.
 */
describe('request limits counted in the database', () => {
  let database: DatabaseHandle;
  const instances: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const app = Fastify();
      app.decorate('database', database);
      registerErrorHandler(app);
      const limit = requestLimit(app, { name: 'essai', max: 3, timeWindow: 60_000, key: (request) => String(request.headers['x-client']) });
      app.post('/limited', { onRequest: limit }, async () => ({ ok: true }));
      instances.push(app);
    }
  });

  afterAll(async () => {
    for (const app of instances) await app.close();
    await database?.close();
  });

  const post = (app: FastifyInstance, client: string) => app.inject({ method: 'POST', url: '/limited', headers: { 'x-client': client } });

  it('refuses the request past the budget with 429, whichever instance it reaches', async () => {
    const [one, two] = instances;
    expect((await post(one, 'a')).statusCode).toBe(200);
    expect((await post(two, 'a')).statusCode).toBe(200);
    expect((await post(one, 'a')).statusCode).toBe(200);
    const refused = await post(two, 'a');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('http/rate-limited');
    // Another client keeps its own budget.
    expect((await post(two, 'b')).statusCode).toBe(200);
  });

  it('counts concurrent requests exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(instances[i % 2], 'concurrent')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
  });

  it('starts a new window once the last has ended, and the purge removes ended windows', async () => {
    const { db } = database;
    expect(await countRequest(db, 'court:x', 100)).toBe(1);
    expect(await countRequest(db, 'court:x', 100)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await purgeRequestCounts(db)).toBeGreaterThanOrEqual(1);
    expect(await countRequest(db, 'court:x', 100)).toBe(1);
    await sql`update request_counts set window_ends_at = now() - interval '1 second' where key = 'court:x'`.execute(db);
    expect(await countRequest(db, 'court:x', 100)).toBe(1);
    const left = await db.selectFrom('request_counts').select('key').where('key', 'like', 'essai:%').execute();
    expect(left.map((row) => row.key).sort()).toEqual(['essai:a', 'essai:b', 'essai:concurrent']);
  });
});
