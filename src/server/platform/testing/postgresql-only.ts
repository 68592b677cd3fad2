import { sql, type Kysely } from 'kysely';
import { describe, it, type TestContext, type TestFunction } from 'vitest';
import type { Database } from '../db/schema';

/**
 * Tests that only PostgreSQL can fail. The embedded database runs one transaction at a time, so
 * a race passes on it whatever the code does (a select-then-insert without its unique index, a
 * link read then marked used); and only PostgreSQL can have a second instance. These tests run
 * when TEST_DATABASE_URL names a PostgreSQL server and are skipped, with the reason, without it.
 *
 * On CI a skip must be planned, like every other tool-dependent test: `.ci/run` sets
 * POSTGRESQL_TESTS=later for its embedded pass, since its PostgreSQL pass follows; a CI run
 * without either fails here instead of leaving the races out unseen.
 */
const onPostgresql = Boolean(process.env.TEST_DATABASE_URL);

function skipOffPostgresql(context: TestContext) {
  if (process.env.CI && process.env.POSTGRESQL_TESTS !== 'later') {
    throw new Error('PostgreSQL is required on CI for this test: set TEST_DATABASE_URL (or POSTGRESQL_TESTS=later in a run whose PostgreSQL pass follows)');
  }
  context.skip('PostgreSQL only: set TEST_DATABASE_URL');
}

/** A test of concurrent requests, which PostgreSQL alone can fail. */
export function raceTest(name: string, fn: TestFunction, timeout?: number) {
  if (onPostgresql) it(name, fn, timeout);
  else it(name, skipOffPostgresql);
}

/** A block that needs PostgreSQL itself (several instances, its connections); its hooks run only there. */
export function describeOnPostgresql(name: string, fn: () => void) {
  if (onPostgresql) describe(name, fn);
  else describe(name, () => it('every test of the block', skipOffPostgresql));
}

/**
 * Opens `count` of the pool's connections and leaves them idle, for a race's requests to find
 * one each. A pool opens connections as they are asked for: the first request, on the one
 * already open, would be done before the next one's connection is (tens of milliseconds), and
 * the requests would run one after the other.
 */
export async function openConnections(db: Kysely<Database>, count: number) {
  await Promise.all(Array.from({ length: count }, () => sql`select pg_sleep(0.05)`.execute(db)));
}
