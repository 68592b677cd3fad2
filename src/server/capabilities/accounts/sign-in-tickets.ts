import { sql, type Kysely } from 'kysely';
import { SIGN_IN_TICKET_MINUTES } from '../../../shared/two-factor';
import type { Database } from '../../platform/db/schema';
import { hashSecretToken, newSecretToken } from '../../platform/secret-token';

/**
 * A right password waiting for its second factor: the ticket the client sends with the second
 * step, instead of a session. Only its hash is kept.
 */
export async function issueSignInTicket(db: Kysely<Database>, userId: string, temporary: boolean) {
  const ticket = newSecretToken();
  const expiresAt = new Date(Date.now() + SIGN_IN_TICKET_MINUTES * 60_000);
  await db.insertInto('sign_in_tickets').values({ id: hashSecretToken(ticket), user_id: userId, temporary, expires_at: expiresAt }).execute();
  return { ticket, expiresAt };
}

/** The live ticket's account, without using it (a wrong code leaves it for the next try). */
export async function readSignInTicket(db: Kysely<Database>, ticket: string) {
  return db
    .selectFrom('sign_in_tickets')
    .innerJoin('users', 'users.id', 'sign_in_tickets.user_id')
    .select(['sign_in_tickets.id', 'sign_in_tickets.temporary', 'users.id as user_id', 'users.email'])
    .where('sign_in_tickets.id', '=', hashSecretToken(ticket))
    .where('sign_in_tickets.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Wrong codes a ticket may take; the last voids it, and the sign-in starts again from the password. */
const WRONG_CODES_PER_TICKET = 3;

/** Counts a wrong factor against the ticket; true when it was the last one allowed, and the ticket is gone. */
export async function countWrongCode(db: Kysely<Database>, id: string) {
  const counted = await db
    .updateTable('sign_in_tickets')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('id', '=', id)
    .returning('wrong_codes')
    .executeTakeFirst();
  if (!counted || counted.wrong_codes < WRONG_CODES_PER_TICKET) return false;
  await db.deleteFrom('sign_in_tickets').where('id', '=', id).execute();
  return true;
}

/** Used once: of two second steps that both passed, one opens the session. */
export async function spendSignInTicket(db: Kysely<Database>, id: string) {
  const spent = await db.deleteFrom('sign_in_tickets').where('id', '=', id).where('expires_at', '>', new Date()).executeTakeFirst();
  return Number(spent.numDeletedRows) > 0;
}

export async function purgeExpiredSignInTickets(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('sign_in_tickets').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(numDeletedRows);
}
