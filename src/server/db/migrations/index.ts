import type { Migration } from 'kysely';
import * as settings from './20261121120000_settings';
import * as accounts from './20261121130000_accounts';
import * as words from './20261121140000_words';

/**
 * Every migration, by timestamped name. Listed explicitly (not read from the folder) so the
 * production bundle carries them.
 */
export const migrations: Record<string, Migration> = {
  '20261121120000_settings': settings,
  '20261121130000_accounts': accounts,
  '20261121140000_words': words,
};
