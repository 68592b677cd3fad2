import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { recordAction } from '../journal/index';
import { announce } from '../../platform/live/announce';

/**
 * Subscribes or unsubscribes an account; false when there is no such account. Unsubscribing
 * also drops the member's mails still waiting in a sending: they said stop.
 */
export async function setNewsletterSubscription(db: Kysely<Database>, userId: string, subscribed: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => (await changeSubscription(trx, userId, subscribed)) !== undefined);
}

/**
 * An admin unsubscribing another member (spec §7 newsletter-unsubscribe allows it), written in
 * the journal with the change: the member did not ask, so someone must answer for it.
 */
export async function unsubscribeMemberAsAdmin(db: Kysely<Database>, actorId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await changeSubscription(trx, userId, false);
    if (!member) return false;
    await recordAction(trx, { actorId, kind: 'newsletter/unsubscribe', targetType: 'user', targetId: userId, summary: `${member.username} (${member.email})` });
    return true;
  });
}

async function changeSubscription(trx: Transaction<Database>, userId: string, subscribed: boolean) {
  const member = await trx.updateTable('users').set({ newsletter: subscribed }).where('id', '=', userId).returning(['username', 'email']).executeTakeFirst();
  if (member && !subscribed) await dropWaitingDeliveries(trx, userId);
  return member;
}

/**
 * Drops the member's mails still waiting in a sending, in the transaction of what stops them:
 * an unsubscription, or a suspension (a suspended member gets no newsletter).
 */
export async function dropWaitingDeliveries(trx: Transaction<Database>, userId: string): Promise<void> {
  const dropped = await trx.deleteFrom('newsletter_deliveries').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  if (dropped.numDeletedRows > 0n) await announce(trx, 'newsletter');
}
