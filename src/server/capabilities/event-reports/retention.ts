import { sql } from 'kysely';
import { rowsTouched, type RetentionStep } from '../../platform/capability';

/** The privacy policy's periods (content/privacy-policy.md §3, decision 0015) for event reports. */
export const eventReportsRetention: Record<string, RetentionStep> = {
  // "Mails échangés avec le service contact : 1 an": the report itself names an event, not a
  // person, so it stays for the team, without the address.
  eventReportEmails: async (db) =>
    rowsTouched(
      await db
        .updateTable('event_reports')
        .set({ email: '' })
        .where('email', '<>', '')
        .where('created_at', '<', sql<Date>`now() - interval '1 year'`)
        .executeTakeFirst(),
    ),
};
