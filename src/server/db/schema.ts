import type { ColumnType, Generated } from 'kysely';
import type {
  LoginFailuresTable,
  OrganisationAllowlistTable,
  SessionsTable,
  UserPicturesTable,
  UsersTable,
} from '../features/accounts/tables';
import type { WordsTable } from '../features/words/tables';

/**
 * The database as Kysely sees it. Each feature adds its tables here, next to the migration
 * that creates them.
 */
export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  user_pictures: UserPicturesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  organisation_allowlist: OrganisationAllowlistTable;
  words: WordsTable;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
