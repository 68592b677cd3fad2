import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { logMigrations, migrateToLatest, MigrationRefused } from './migrate';
import { migrations } from './migrations/index';
import { describeOnPostgresql } from '../testing/postgresql-only';
import { adminQuery as adminQueryOn } from '../testing/test-database';
import { PGliteDialect } from './pglite-dialect';

const serverUrl = process.env.TEST_DATABASE_URL;

const adminQuery = (statement: string) => adminQueryOn(serverUrl!, statement);

/** PostgreSQL's URL for `database`, signed in as `role` (the test server trusts local connections). */
function urlFor(database: string, role?: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  if (role) url.username = role;
  return url.toString();
}

/** An empty database: a new PostgreSQL one when TEST_DATABASE_URL is set, else an embedded one in memory. */
async function emptyDatabase(): Promise<{ db: Kysely<unknown>; drop(): Promise<void> }> {
  if (!serverUrl) {
    const pglite = await PGlite.create();
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    return { db, drop: () => db.destroy().then(() => pglite.close()) };
  }
  const name = `unissons_migrate_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlFor(name) }) }) });
  return {
    db,
    async drop() {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** What the server's logger writes, one JSON object a line. */
function capturedLog() {
  const lines: { msg: string; migration?: string }[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  return { log: app.log, lines };
}

it('applies every migration once, naming each in the log, then logs that none is left', async () => {
  const database = await emptyDatabase();
  try {
    const first = capturedLog();
    logMigrations(first.log, await migrateToLatest(database.db));
    expect(first.lines.map(({ msg, migration }) => ({ msg, migration }))).toEqual(
      Object.keys(migrations).map((migration) => ({ msg: 'migration applied', migration })),
    );

    const again = capturedLog();
    logMigrations(again.log, await migrateToLatest(database.db));
    expect(again.lines.map(({ msg }) => msg)).toEqual(['no migration to apply']);
  } finally {
    await database.drop();
  }
});

it('leaves no index that another one on the same table repeats', async () => {
  const database = await emptyDatabase();
  try {
    await migrateToLatest(database.db);
    // Same table, columns, operator classes, expressions and condition: every write to the
    // table pays for both, and the planner uses one.
    const { rows } = await sql<{ indexes: string[] }>`
      select array_agg(indexrelid::regclass::text order by indexrelid::regclass::text) as indexes
      from pg_index join pg_class on pg_class.oid = pg_index.indrelid
      where pg_class.relnamespace = 'public'::regnamespace
      group by indrelid, indkey::text, indclass::text, coalesce(indexprs::text, ''), coalesce(indpred::text, '')
      having count(*) > 1`.execute(database.db);
    expect(rows).toEqual([]);
  } finally {
    await database.drop();
  }
});

describeOnPostgresql('a PostgreSQL role that does not own its database', () => {
  it('is told in one line what is wrong and how to fix it, and the fix works', { timeout: 120_000 }, async () => {
    const suffix = randomBytes(6).toString('hex');
    const role = `unissons_role_${suffix}`;
    const name = `unissons_owned_${suffix}`;
    // As a volunteer following an older guide: the role made apart, the database owned by postgres.
    await adminQuery(`CREATE ROLE ${role} LOGIN`);
    await adminQuery(`CREATE DATABASE ${name}`);
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlFor(name, role) }) }) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unissons-migrate-'));
    try {
      const refused = await migrateToLatest(db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(MigrationRefused);
      const message = (refused as Error).message;
      expect(message).toContain(`role "${role}"`);
      expect(message).toContain('permission denied for schema public');
      expect(message).toContain(`createdb -O ${role} ${name}`);
      expect(message).toContain(`ALTER DATABASE ${name} OWNER TO ${role}`);

      // The server itself, as a release runs it (the run's bundle, tests/setup/server-bundle.ts):
      // that one line, no stack trace, exit code 1.
      const server = spawnSync(process.execPath, [path.join(inject('serverBundle'), 'main.js')], {
        env: { ...process.env, DATABASE_URL: urlFor(name, role), DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', PORT: '0', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(server.status).toBe(1);
      expect(server.stderr.trim().split('\n')).toEqual([`Démarrage refusé : ${message}`]);

      // The message's fix, for an existing database.
      await adminQuery(`ALTER DATABASE ${name} OWNER TO ${role}`);
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(`DROP ROLE IF EXISTS ${role}`);
    }
  });
});
