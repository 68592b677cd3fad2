import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { announce } from '../live/announce';

/**
 * Subscribes or unsubscribes an account; false when there is no such account. Unsubscribing
 * also drops the member's mails still waiting in a sending: they said stop.
 */
export async function setNewsletterSubscription(db: Kysely<Database>, userId: string, subscribed: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('users').set({ newsletter: subscribed }).where('id', '=', userId).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    if (!subscribed) {
      const dropped = await trx
        .deleteFrom('newsletter_deliveries')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (dropped.numDeletedRows > 0n) await announce(trx, 'newsletter');
    }
    return true;
  });
}
