import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/connection';
import { migrateDatabase } from '../platform/db/migrate';
import { STRONG_PASSWORD } from '../platform/testing/members';
import { startPrivatePostgresql, type PrivatePostgresql } from '../platform/testing/private-postgresql';
import { readEvents } from '../testing/streams';

// The database goes away for this long while the site keeps taking requests.
const DOWN_MS = 3000;

let server: PrivatePostgresql;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startPrivatePostgresql();
  database = await openDatabase({ databaseUrl: server.url });
  await migrateDatabase(database);
  app = await buildApp({ config: readConfig({ CLIENT_DIR: '/nonexistent', ANTI_BOT: 'off', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await server?.remove();
});

interface Attempt {
  email: string;
  status: number;
  code?: string;
  ms: number;
}

/** One registration, a write the site acknowledges (200) or refuses as a whole. */
async function register(): Promise<Attempt> {
  const suffix = randomBytes(5).toString('hex');
  const email = `membre-${suffix}@exemple.fr`;
  const started = Date.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/fn/users-registerUser',
    payload: { email, username: `membre_${suffix}`, firstname: 'Camille', lastname: 'Martin', pwd: STRONG_PASSWORD },
  });
  const code = response.statusCode === 200 ? undefined : (response.json() as { error: { code: string } }).error.code;
  return { email, status: response.statusCode, code, ms: Date.now() - started };
}

it('answers 503 in French within 5 s while PostgreSQL restarts, recovers alone, loses no acknowledged write and tells open pages to catch up', async () => {
  const { port } = app.server.address() as { port: number };
  const stream = await readEvents(`http://127.0.0.1:${port}/api/live`, (events) => events.some((event) => event.event === 'words'));
  expect(stream.status).toBe(200);

  const attempts: Attempt[] = [];
  let writing = true;
  // Four members registering one after another, all along.
  const writers = Array.from({ length: 4 }, async () => {
    while (writing) attempts.push(await register());
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await server.stop();
  const stoppedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
  await server.start();
  const startedAt = Date.now();
  // Until writes are taken again, then a little more.
  while (!attempts.some((attempt) => attempt.status === 200 && attempts.indexOf(attempt) > attempts.findIndex((a) => a.status === 503))) {
    if (Date.now() - startedAt > 20_000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const recoveredAfterMs = Date.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 500));
  writing = false;
  await Promise.all(writers);

  const refused = attempts.filter((attempt) => attempt.status !== 200);
  // During the gap: a clear 503 every time, never a hang, never another failure.
  expect(refused.length).toBeGreaterThan(0);
  for (const attempt of refused) expect({ status: attempt.status, code: attempt.code }).toEqual({ status: 503, code: 'http/unavailable' });
  expect(Math.max(...attempts.map((attempt) => attempt.ms))).toBeLessThan(5000);
  expect(recoveredAfterMs).toBeLessThan(10_000);

  // Every acknowledged write is there, once.
  const acknowledged = attempts.filter((attempt) => attempt.status === 200).map((attempt) => attempt.email);
  const rows = await database.db.selectFrom('users').select('email').where('email', 'in', acknowledged).execute();
  expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());

  // The live notices were lost with the connection: open pages are told to load again.
  const events = await stream.nextWithin(15_000);
  stream.close();
  expect(events.map((event) => event.event)).toContain('words');
  console.log(
    `PostgreSQL stopped ${DOWN_MS} ms: ${attempts.length} registrations, ${refused.length} answered 503, the slowest in ${Math.max(...attempts.map((a) => a.ms))} ms; writes taken again ${recoveredAfterMs} ms after the start (${Date.now() - stoppedAt} ms after the stop)`,
  );
}, 90_000);

it('fails cleanly the requests whose connection is killed mid-transaction, and heals its pool', async () => {
  const attempts: Attempt[] = [];
  let writing = true;
  const writers = Array.from({ length: 4 }, async () => {
    while (writing) attempts.push(await register());
  });
  // Another session kills every connection of the site's pool, a few times over.
  const killer = await openDatabase({ databaseUrl: server.url, poolSize: 1 });
  let killed = 0;
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(killer.db);
    killed += rows.filter((row) => row.killed).length;
  }
  await killer.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  writing = false;
  await Promise.all(writers);

  expect(killed).toBeGreaterThan(0);
  for (const attempt of attempts.filter((a) => a.status !== 200)) expect({ status: attempt.status, code: attempt.code }).toEqual({ status: 503, code: 'http/unavailable' });
  // Healed: the last writes went through.
  expect(attempts.slice(-4).map((attempt) => attempt.status)).toEqual([200, 200, 200, 200]);
  const acknowledged = attempts.filter((attempt) => attempt.status === 200).map((attempt) => attempt.email);
  const rows = await database.db.selectFrom('users').select('email').where('email', 'in', acknowledged).execute();
  expect(rows).toHaveLength(acknowledged.length);
}, 60_000);
