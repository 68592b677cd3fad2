import { sql } from 'kysely';
import { JOURNAL_RETENTION_MONTHS } from '../../../shared/journal';
import { rowsTouched, type RetentionStep } from '../../platform/capability';

/** The privacy policy's "Journaux techniques : 12 mois" (decision 0015) for the journal of admin and moderator actions. */
export const journalRetention: Record<string, RetentionStep> = {
  journal: async (db) =>
    rowsTouched(
      await db.deleteFrom('journal').where('created_at', '<', sql<Date>`now() - make_interval(months => ${JOURNAL_RETENTION_MONTHS})`).executeTakeFirst(),
    ),
};
