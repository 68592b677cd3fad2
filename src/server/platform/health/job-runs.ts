import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobRecorder } from '../jobs/scheduler';

// A failure's message, kept short: it is shown on the panel and mailed in an alert.
const ERROR_MAX_LENGTH = 500;

export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH);

/** Records each job's runs in job_runs, whichever instance runs it. */
export function jobRunsRecorder(db: Kysely<Database>): JobRecorder {
  return {
    // Otherwise a job removed or renamed by an upgrade would stay on the panel for good, and
    // one whose last run failed would be mailed as failing every day. Another instance still
    // on the older release puts its row back at its next run, until it is upgraded too.
    async scheduled(names) {
      const gone = db.deleteFrom('job_runs');
      // With no job at all, every row goes ('not in ()' is no SQL).
      await (names.length === 0 ? gone : gone.where('name', 'not in', names)).execute();
    },
    async started(name) {
      await db
        .insertInto('job_runs')
        .values({ name, last_started_at: sql<Date>`now()` })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_started_at: sql<Date>`now()` }))
        .execute();
    },
    async finished(name, error) {
      const failed = error !== undefined;
      await db
        .updateTable('job_runs')
        .set({
          last_finished_at: sql<Date>`now()`,
          ...(failed
            ? { last_error: describeError(error), consecutive_failures: sql<number>`consecutive_failures + 1` }
            : { last_succeeded_at: sql<Date>`now()`, last_error: null, consecutive_failures: 0 }),
        })
        .where('name', '=', name)
        .execute();
    },
  };
}

export interface JobRun {
  name: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSucceededAt: Date | null;
  lastError: string | null;
  consecutiveFailures: number;
}

export async function jobRuns(db: Kysely<Database>): Promise<JobRun[]> {
  const rows = await db.selectFrom('job_runs').selectAll().orderBy('name').execute();
  return rows.map((row) => ({
    name: row.name,
    lastStartedAt: row.last_started_at,
    lastFinishedAt: row.last_finished_at,
    lastSucceededAt: row.last_succeeded_at,
    lastError: row.last_error,
    consecutiveFailures: row.consecutive_failures,
  }));
}
