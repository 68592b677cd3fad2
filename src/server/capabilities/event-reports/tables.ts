import type { ColumnType, Generated } from 'kysely';

export interface EventReportsTable {
  id: Generated<string>;
  event_name: string;
  sport: string;
  /** A `date` column: read back as text so no time zone can shift the day. */
  event_date: ColumnType<string, string, string>;
  place: string;
  link: string;
  email: Generated<string>;
  created_at: Generated<Date>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    event_reports: EventReportsTable;
  }
}
