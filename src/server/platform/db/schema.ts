import type { ColumnType, Generated } from 'kysely';
import type { AntiBotSpentTable } from '../anti-bot/tables';
import type { AlertsTable, HealthWatchesTable, JobRunsTable, MailHealthTable } from '../health/tables';

/**
 * The database as Kysely sees it: the platform's own tables here; each capability adds its
 * tables to this interface from its tables.ts (`declare module`), beside the migrations that
 * make them, so the platform names no capability.
 */
export interface Database {
  settings: SettingsTable;
  anti_bot_spent: AntiBotSpentTable;
  job_runs: JobRunsTable;
  mail_health: MailHealthTable;
  alerts: AlertsTable;
  health_watches: HealthWatchesTable;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
