import type { Generated } from 'kysely';

/** A background job's last runs, whichever instance ran it. */
export interface JobRunsTable {
  name: string;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_succeeded_at: Date | null;
  last_error: string | null;
  consecutive_failures: Generated<number>;
}

/** The mail path's one row (id 1): its last success, and since when it fails, if it does. */
export interface MailHealthTable {
  id: number;
  last_success_at: Date | null;
  failing_since: Date | null;
  last_failure_at: Date | null;
  last_error: string | null;
}

/** An alert raised by a condition (health/alerts.ts), until it clears. */
export interface AlertsTable {
  condition: string;
  detail: string;
  raised_at: Generated<Date>;
  cleared_at: Date | null;
  mailed_at: Date | null;
}

/** A figure an alert watches, and when it last changed. */
export interface HealthWatchesTable {
  name: string;
  value: string;
  changed_at: Generated<Date>;
}
