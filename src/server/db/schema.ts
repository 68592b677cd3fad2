import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each feature adds its tables here, next to the migration
 * that creates them.
 */
export interface Database {
  settings: SettingsTable;
}

export type CreatedAt = ColumnType<Date, never, never>;
export type UpdatedAt = ColumnType<Date, never, Date>;

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
