import type { ColumnType, Generated } from 'kysely';
import type { JournalKind } from '../../../shared/journal';

export interface JournalTable {
  /** bigserial (pg reads it as a string, PGlite as a number): the keyset cursor of /admin/journal. */
  id: ColumnType<string | number, never, never>;
  created_at: Generated<Date>;
  /** No foreign key: the row outlives the actor's account, named by actor_name. */
  actor_id: string | null;
  actor_name: string;
  kind: JournalKind;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  details: ColumnType<Record<string, unknown>, string, never>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    journal: JournalTable;
  }
}
