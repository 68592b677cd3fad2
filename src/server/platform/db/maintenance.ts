import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { atStart, every, type Job } from '../jobs/scheduler';
import type { DatabaseHandle } from './connection';

const EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (PGlite is one
 * process without background workers): without statistics the planner guesses, and chose
 * sequential scans the query-plan tests refuse; without VACUUM, dead rows of every update
 * (sessions, deliveries, reactions) stay, and index-only scans read the table anyway.
 * Table by table, so the site's own queries, queued on the same connection, pass in between.
 */
export async function vacuumEmbedded(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(database.db);
  for (const { name } of rows) await sql`vacuum (analyze) ${sql.table(name)}`.execute(database.db);
  return rows.map((row) => row.name);
}

/**
 * Embedded database: statistics at start-up (a restored or migrated folder has none), then a
 * VACUUM (ANALYZE) of every table each day. PostgreSQL: nothing, its autovacuum sees to it.
 * The first requests queue behind the statistics on the one connection anyway, and the
 * server is listening (its health answered) meanwhile.
 */
export function maintenanceJobs(database: DatabaseHandle, log: Pick<FastifyBaseLogger, 'info'>): Job[] {
  if (database.mode !== 'pglite') return [];
  return [
    { name: 'embedded database analyze', next: atStart(), run: () => sql`analyze`.execute(database.db) },
    {
      name: 'embedded database vacuum',
      next: every(EVERY_MS, { firstAfterMs: EVERY_MS }),
      async run() {
        const started = Date.now();
        const tables = await vacuumEmbedded(database);
        log.info({ tables: tables.length, ms: Date.now() - started }, 'embedded database vacuumed');
      },
    },
  ];
}
