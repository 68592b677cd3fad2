import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Change } from '../../platform/live/change';
import { recordAction } from '../journal/index';

/**
 * Subscribes or unsubscribes an account, in a change (platform/live/change.ts); false when
 * there is no such account. Unsubscribing
 * also drops the member's mails still waiting in a sending: they said stop.
 */
export async function setNewsletterSubscription(subscription: Change, userId: string, subscribed: boolean): Promise<boolean> {
  return (await changeSubscription(subscription, userId, subscribed)) !== undefined;
}

/**
 * An admin unsubscribing another member (spec §7 newsletter-unsubscribe allows it), written in
 * the journal with the change: the member did not ask, so someone must answer for it.
 */
export async function unsubscribeMemberAsAdmin(subscription: Change, actorId: string, userId: string): Promise<boolean> {
  const member = await changeSubscription(subscription, userId, false);
  if (!member) return false;
  await recordAction(subscription.db, { actorId, kind: 'newsletter/unsubscribe', targetType: 'user', targetId: userId, summary: `${member.username} (${member.email})` });
  return true;
}

async function changeSubscription(subscription: Change, userId: string, subscribed: boolean) {
  const member = await subscription.db.updateTable('users').set({ newsletter: subscribed }).where('id', '=', userId).returning(['username', 'email']).executeTakeFirst();
  if (member && !subscribed) await dropWaitingDeliveries(subscription, userId);
  return member;
}

/**
 * Drops the member's mails still waiting in a sending, in the transaction of what stops them:
 * an unsubscription, or a suspension (a suspended member gets no newsletter).
 */
export async function dropWaitingDeliveries({ db, announce }: Change, userId: string): Promise<void> {
  const dropped = await db.deleteFrom('newsletter_deliveries').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  if (dropped.numDeletedRows > 0n) await announce('newsletter');
}

/** The account of a member moved in from the Firebase site, by its Firebase uid (case-sensitive). */
export async function accountIdOfFirebaseUid(db: Kysely<Database>, firebaseUid: string): Promise<string | undefined> {
  const moved = await db.selectFrom('users').select('id').where('firebase_uid', '=', firebaseUid).executeTakeFirst();
  return moved?.id;
}
