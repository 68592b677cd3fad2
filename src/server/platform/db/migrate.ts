import type { FastifyBaseLogger } from 'fastify';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import { migrations } from './migrations/index';

/** The database refused the migrations a right: start-up stops with this message, which says how to give it. */
export class MigrationRefused extends Error {}

// PostgreSQL's insufficient_privilege.
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Brings the schema up to date; safe when several instances start at once (Kysely locks).
 * Returns the names of the migrations it applied, oldest first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    if ((error as { code?: unknown } | undefined)?.code === INSUFFICIENT_PRIVILEGE) throw await refusal(db, error as Error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return results?.map((result) => result.migrationName) ?? [];
}

/**
 * Since PostgreSQL 15, only a database's owner may create tables in its schema `public`: a
 * role made with `createuser` on a database made by `postgres` is refused. The operator needs
 * the names and the command, not a stack trace.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as migrateToLatest
async function refusal(db: Kysely<any>, error: Error) {
  const { rows } = await sql<{ role: string; database: string }>`select current_user as role, current_database() as database`.execute(db);
  const { role, database } = rows[0];
  return new MigrationRefused(
    `the PostgreSQL role "${role}" lacks a right the migrations need in database "${database}" (${error.message}). ` +
      'The role must own its database (on PostgreSQL 15 and later, only the owner may create tables in schema public). ' +
      `As the postgres user: \`createdb -O ${role} ${database}\` for a new database, or \`psql -c 'ALTER DATABASE ${database} OWNER TO ${role}'\` for this one (docs/deploy.md).`,
    { cause: error },
  );
}

/** One log line per migration applied, or one saying there was none: the operator checks it after an upgrade. */
export function logMigrations(log: Pick<FastifyBaseLogger, 'info'>, applied: string[]) {
  if (applied.length === 0) log.info('no migration to apply');
  for (const migration of applied) log.info({ migration }, 'migration applied');
}

/**
 * Migrates through the direct connection when one was given (DATABASE_LISTEN_URL): a pooler
 * in transaction mode may hand each statement of a migration to another server connection,
 * and the host's pooler may refuse some DDL. Otherwise through the pool, as ever.
 */
export async function migrateDatabase(database: DatabaseHandle): Promise<string[]> {
  if (database.mode !== 'postgres' || !database.directUrl || database.directUrl === database.url) return migrateToLatest(database.db);
  const { default: pg } = await import('pg');
  const direct = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.directUrl, max: 1 }) }) });
  try {
    return await migrateToLatest(direct);
  } finally {
    await direct.destroy();
  }
}
