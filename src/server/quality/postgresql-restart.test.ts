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
  /** performance.now() when it was sent and when it was answered. */
  sentAt: number;
  answeredAt: number;
}

/** One registration, a write the site acknowledges (200) or refuses as a whole. */
async function register(): Promise<Attempt> {
  const suffix = randomBytes(5).toString('hex');
  const email = `membre-${suffix}@exemple.fr`;
  const sentAt = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/fn/users-registerUser',
    payload: { email, username: `membre_${suffix}`, firstname: 'Camille', lastname: 'Martin', pwd: STRONG_PASSWORD },
  });
  const code = response.statusCode === 200 ? undefined : (response.json() as { error: { code: string } }).error.code;
  return { email, status: response.statusCode, code, sentAt, answeredAt: performance.now() };
}

it('answers 503 in French while PostgreSQL is down, without waiting for it, recovers alone, loses no acknowledged write and tells open pages to catch up', async () => {
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
  const stoppedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
  const restartedAt = performance.now();
  await server.start();
  const startedAt = performance.now();
  // Until writes are taken again, then a little more. Whether they are is the check, with room for a loaded machine.
  const writesTaken = () => attempts.some((attempt) => attempt.status === 200 && attempts.indexOf(attempt) > attempts.findIndex((a) => a.status === 503));
  while (!writesTaken() && performance.now() - startedAt < 30_000) await new Promise((resolve) => setTimeout(resolve, 100));
  const recovered = writesTaken();
  const recoveredAfterMs = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 500));
  writing = false;
  await Promise.all(writers);

  const refused = attempts.filter((attempt) => attempt.status !== 200);
  // During the gap: a clear 503 every time, never a hang, never another failure.
  expect(refused.length).toBeGreaterThan(0);
  for (const attempt of refused) expect({ status: attempt.status, code: attempt.code }).toEqual({ status: 503, code: 'http/unavailable' });
  // Never a hang, whatever the load: requests sent while it is down are answered before it is back, not when it is.
  expect(attempts.filter((attempt) => attempt.sentAt > stoppedAt && attempt.answeredAt < restartedAt).length).toBeGreaterThan(0);
  expect(recovered).toBe(true);

  // Every acknowledged write is there, once.
  const acknowledged = attempts.filter((attempt) => attempt.status === 200).map((attempt) => attempt.email);
  const rows = await database.db.selectFrom('users').select('email').where('email', 'in', acknowledged).execute();
  expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());

  // The live notices were lost with the connection: open pages are told to load again.
  const events = await stream.nextWithin(15_000);
  stream.close();
  expect(events.map((event) => event.event)).toContain('words');
  const slowest = Math.max(...attempts.map((attempt) => attempt.answeredAt - attempt.sentAt));
  console.log(
    `PostgreSQL stopped ${DOWN_MS} ms: ${attempts.length} registrations, ${refused.length} answered 503, the slowest in ${slowest.toFixed(0)} ms; writes taken again ${recoveredAfterMs.toFixed(0)} ms after the start (${(startedAt + recoveredAfterMs - stoppedAt).toFixed(0)} ms after the stop)`,
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
