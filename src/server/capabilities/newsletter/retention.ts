import { sql } from 'kysely';
import { rowsTouched, type RetentionStep } from '../../platform/capability';

/** The privacy policy's periods (content/privacy-policy.md §3, decision 0015) for the newsletter. */
export const newsletterRetention: Record<string, RetentionStep> = {
  // "Journaux techniques : 12 mois": who was sent which newsletter, and how it went. Settled
  // deliveries only: a sending still under way keeps its queue.
  newsletterDeliveries: async (db) =>
    rowsTouched(
      await db
        .deleteFrom('newsletter_deliveries')
        .where('status', 'in', ['sent', 'failed'])
        .where('newsletter_id', 'in', (eb) => eb.selectFrom('newsletters').select('id').where('created_at', '<', sql<Date>`now() - interval '12 months'`))
        .executeTakeFirst(),
    ),
};
