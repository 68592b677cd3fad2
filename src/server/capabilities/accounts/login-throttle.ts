import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { clientKey } from '../../platform/http/client-key';
import { AppError } from '../../platform/http/errors';

const MAX_FAILED_LOGINS = 10;
const WINDOW = sql`interval '15 minutes'`;

/** Who is trying a password: the account's (normalised) e-mail, from the client's address (IPv6 by /64). */
interface PasswordAttempt {
  email: string;
  address: string;
}

export const passwordAttempt = (request: FastifyRequest, email: string): PasswordAttempt => ({ email, address: clientKey(request) });

/**
 * PRODUCT.md: at most 10 failed logins per e-mail in 15 minutes, counted in the database so
 * it holds across instances, without letting a stranger lock the owner out
 * (docs/decisions/0009). Failures are counted per e-mail and client address: an address with
 * 10 is refused. Once the e-mail has 10 from anywhere, an address that failed at all is
 * refused too, so each further guess needs a fresh address, while the owner, from an address
 * that has not failed, still gets in.
 *
 * Every attempt is written as a failure before the password is checked, and a right
 * password removes its address's failures: parallel requests cannot all pass the count.
 * Returns whether `check` accepted the password; throws 429 when the attempt is refused.
 */
export async function throttledPasswordCheck(db: Kysely<Database>, attempt: PasswordAttempt, check: () => Promise<boolean>) {
  await db.insertInto('login_failures').values(attempt).execute();
  const counts = await db
    .selectFrom('login_failures')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where address = ${attempt.address})`.as('fromAddress')])
    .where('email', '=', attempt.email)
    .where('failed_at', '>', sql<Date>`now() - ${WINDOW}`)
    .executeTakeFirstOrThrow();
  // Both counts include this attempt.
  const total = Number(counts.total);
  const fromAddress = Number(counts.fromAddress);
  if (fromAddress > MAX_FAILED_LOGINS || (total > MAX_FAILED_LOGINS && fromAddress > 1)) {
    throw new AppError(429, 'http/rate-limited');
  }
  if (await check()) {
    await db.deleteFrom('login_failures').where('email', '=', attempt.email).where('address', '=', attempt.address).execute();
    return true;
  }
  // Old rows are of no use; each failure sweeps its e-mail's.
  await db.deleteFrom('login_failures').where('email', '=', attempt.email).where('failed_at', '<', sql<Date>`now() - ${WINDOW}`).execute();
  return false;
}

/** A deleted account leaves nothing behind, its failed logins included. */
export async function forgetLoginFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

/** Failures of addresses nobody tried again; from the same timer as expired sessions. */
export async function purgeOldLoginFailures(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - ${WINDOW}`).executeTakeFirst();
  return Number(numDeletedRows);
}
