import { createHash } from 'node:crypto';
import { Secret } from 'otpauth';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import { RECOVERY_CODE_COUNT, recoveryCode, totpCode, type SecondFactorMethod, type TwoFactorStatus } from '../../../shared/two-factor';
import type { Database } from '../../platform/db/schema';
import { endOtherSessions } from './sessions';
import { totpStep } from './totp';
import { readTotpSecret } from './totp-secrets';

type Db = Kysely<Database> | Transaction<Database>;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const row = await db
    .selectFrom('users')
    .select([
      'two_factor_since',
      'totp_secret',
      (eb) => eb.selectFrom('passkeys').select(sql<string>`count(*)`.as('n')).whereRef('passkeys.user_id', '=', 'users.id').as('passkeys'),
      (eb) => eb.selectFrom('recovery_codes').select(sql<string>`count(*)`.as('n')).whereRef('recovery_codes.user_id', '=', 'users.id').as('codes'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { enabled: row.two_factor_since !== null, totp: row.totp_secret !== null, passkeys: Number(row.passkeys), recoveryCodesLeft: Number(row.codes) };
}

/** What the second step of this account's sign-in accepts. */
export function secondFactorMethods(status: TwoFactorStatus): SecondFactorMethod[] {
  return [...(status.totp ? (['totp'] as const) : []), ...(status.passkeys > 0 ? (['passkey'] as const) : []), 'recovery-code'];
}

/**
 * Ten new codes in place of the account's others (used or not), shown once as
 * `abcd-efgh-ijkl-mnop`; only their hashes are kept.
 */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => new Secret({ size: 10 }).base32.toLowerCase());
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ code_hash: hashCode(code), user_id: userId })))
    .execute();
  return codes.map((code) => code.match(/.{4}/g)!.join('-'));
}

/**
 * Turns the second step on (if it was off), with its first recovery codes; undefined when it
 * was on already. The enrolling session has just passed the factor; the account's other
 * sessions, opened on the password alone, end (decision 0046).
 */
export async function turnOnTwoFactor(trx: Transaction<Database>, userId: string, sessionId: string | undefined): Promise<string[] | undefined> {
  const now = new Date();
  const turned = await trx.updateTable('users').set({ two_factor_since: now }).where('id', '=', userId).where('two_factor_since', 'is', null).executeTakeFirst();
  if (Number(turned.numUpdatedRows) === 0) return undefined;
  if (sessionId) await trx.updateTable('sessions').set({ second_factor_at: now }).where('id', '=', sessionId).execute();
  await endOtherSessions(trx, userId, sessionId);
  return replaceRecoveryCodes(trx, userId);
}

/**
 * Once the account holds no app and no passkey, nothing is left to ask at the second step: it
 * is turned off, and its recovery codes go. Returns whether it was.
 */
export async function settleTwoFactor(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const off = await trx
    .updateTable('users')
    .set({ two_factor_since: null })
    .where('id', '=', userId)
    .where('two_factor_since', 'is not', null)
    .where('totp_secret', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('passkeys').select('id').whereRef('passkeys.user_id', '=', 'users.id'))))
    .executeTakeFirst();
  if (Number(off.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return true;
}

/** Everything of the second factor goes: the app, its codes, the step itself (passkeys stay, for signing in alone). */
export async function turnOffTwoFactor(db: Db, userId: string) {
  await db.updateTable('users').set({ two_factor_since: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where('id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Checks an app code against `secret`, and records its time step in the same statement that
 * checks it is newer than the last one accepted: a code seen once (over a shoulder, by a
 * phishing page already used) is refused a second time, even by two requests at once.
 */
export async function spendTotpCode(db: Kysely<Database>, site: PublicConfig, user: { id: string; email: string }, column: 'totp_secret' | 'totp_pending_secret', typed: string) {
  const code = totpCode(typed);
  if (!code) return false;
  const secret = await readTotpSecret(db, user.id, column);
  if (!secret) return false;
  const step = totpStep(site, user.email, secret, code);
  if (step === undefined) return false;
  const spent = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

/** A recovery code of the account, deleted as it is used (one statement: used once). */
export async function spendRecoveryCode(db: Db, userId: string, typed: string) {
  const code = recoveryCode(typed);
  if (!code) return false;
  const spent = await db.deleteFrom('recovery_codes').where('code_hash', '=', hashCode(code)).where('user_id', '=', userId).executeTakeFirst();
  return Number(spent.numDeletedRows) > 0;
}
