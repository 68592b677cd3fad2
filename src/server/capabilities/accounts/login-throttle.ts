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
  const { total, fromAddress } = await countAttempt(db, attempt);
  if (fromAddress > MAX_FAILED_LOGINS || (total > MAX_FAILED_LOGINS && fromAddress > 1)) {
    throw new AppError(429, 'http/rate-limited');
  }
  return settleAttempt(db, attempt, await check());
}

/** Writes the attempt as a failure, then counts the key's failures of the window: both counts include it. */
async function countAttempt(db: Kysely<Database>, attempt: PasswordAttempt) {
  await db.insertInto('login_failures').values(attempt).execute();
  const counts = await db
    .selectFrom('login_failures')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where address = ${attempt.address})`.as('fromAddress')])
    .where('email', '=', attempt.email)
    .where('failed_at', '>', sql<Date>`now() - ${WINDOW}`)
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), fromAddress: Number(counts.fromAddress) };
}

/** A success removes its address's failures; a failure stays, and sweeps its key's old rows, of no use. */
async function settleAttempt(db: Kysely<Database>, attempt: PasswordAttempt, passed: boolean) {
  if (passed) await db.deleteFrom('login_failures').where('email', '=', attempt.email).where('address', '=', attempt.address).execute();
  else await db.deleteFrom('login_failures').where('email', '=', attempt.email).where('failed_at', '<', sql<Date>`now() - ${WINDOW}`).execute();
  return passed;
}

/**
 * Wrong factors (app codes, recovery codes, passkeys) at the second step or a confirmation are
 * counted apart from passwords, under their own key: a right password, which whoever guesses
 * the codes knows, clears none of them; only a right factor clears its address's.
 */
const factorKey = (email: string) => `2fa:${email}`;
/** App codes are six digits: past this many wrong factors on an account in 15 minutes, from any addresses, they are refused. */
const MAX_WRONG_FACTORS = 10;
/** The member is mailed when an account's wrong factors reach this many in 15 minutes. */
const WRONG_FACTORS_BURST = 5;

/**
 * As throttledPasswordCheck, for a second factor (decision 0046): ten wrong ones from one
 * address in 15 minutes, and that address waits; and once the account has had ten from
 * anywhere, app codes are refused (429 auth/too-many-codes) while a passkey or a recovery
 * code, which cannot be guessed, still passes. `burst` is true for the wrong factor that made
 * the account's count reach WRONG_FACTORS_BURST, the one after which the member is told.
 */
export async function throttledFactorCheck(db: Kysely<Database>, attempt: PasswordAttempt, guessable: boolean, check: () => Promise<boolean>) {
  const key = { email: factorKey(attempt.email), address: attempt.address };
  const { total, fromAddress } = await countAttempt(db, key);
  if (fromAddress > MAX_FAILED_LOGINS) throw new AppError(429, 'http/rate-limited');
  if (guessable && total > MAX_WRONG_FACTORS) throw new AppError(429, 'auth/too-many-codes');
  const passed = await settleAttempt(db, key, await check());
  return { passed, burst: !passed && total === WRONG_FACTORS_BURST };
}

/** A deleted account leaves nothing behind, its failed logins and factors included. */
export async function forgetLoginFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('login_failures').where('email', 'in', [email, factorKey(email)]).execute();
}

/** Failures of addresses nobody tried again; from the same timer as expired sessions. */
export async function purgeOldLoginFailures(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - ${WINDOW}`).executeTakeFirst();
  return Number(numDeletedRows);
}
