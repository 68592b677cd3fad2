import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MINUTES, type Passkey } from '../../../shared/passkeys';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import type { PasskeysTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * EdDSA, ES256 and RS256: what authenticators in use sign with. Named here rather than left
 * to the library, whose default asks Node about post-quantum algorithms and so prints an
 * experimental-feature warning at the first ceremony.
 */
const ALGORITHMS = [-8, -7, -257];

/** The relying party is the site as PUBLIC_URL names it: passkeys are bound to its host name. */
function relyingParty(site: PublicConfig) {
  const url = new URL(site.publicUrl);
  return { id: url.hostname, origin: url.origin, name: site.projectName };
}

const toPasskey = (row: Pick<Selectable<PasskeysTable>, 'id' | 'name' | 'created_at' | 'last_used_at'>): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}

async function countPasskeys(db: Db, userId: string): Promise<number> {
  const { count } = await db.selectFrom('passkeys').select(sql<string>`count(*)`.as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(count);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<Passkey | undefined> {
  const row = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  return row && toPasskey(row);
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<{ name: string } | undefined> {
  return db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
}

/** Every passkey of the account goes (a device lost, a key someone else added); how many did. */
export async function removeEveryPasskey(db: Db, userId: string): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(numDeletedRows);
}

type Purpose = 'register' | 'sign-in' | 'second-factor';

async function storeChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null) {
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: sql<Date>`now() + make_interval(mins => ${PASSKEY_CHALLENGE_MINUTES})` })
    .execute();
}

/**
 * The challenge the browser signed, read from its client data, taken out of the table in one
 * statement: of two requests carrying it, one gets it. Expired, unknown, already used, made
 * for another purpose or another member: refused alike.
 */
async function spendChallenge(db: Db, clientDataJSON: string, purpose: Purpose, userId: string | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw new AppError(400, 'passkeys/not-verified');
  }
  if (typeof challenge !== 'string') throw new AppError(400, 'passkeys/not-verified');
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const spent = await query.returning('challenge').executeTakeFirst();
  if (!spent) throw new AppError(400, 'passkeys/challenge-expired');
  return spent.challenge;
}

/** Options for `navigator.credentials.create`: a discoverable credential, so it signs in without an address. */
export async function registrationOptions(db: Db, site: PublicConfig, user: { id: string; email: string; username: string }) {
  const rp = relyingParty(site);
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.username,
    // The account's id names the member to the authenticator, which keeps one passkey per
    // account and site: adding a second on the same device replaces nothing silently.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

/**
 * Checks the browser's answer to the registration options and keeps the passkey, unless the
 * account already holds MAX_PASSKEYS (counted with the account's row locked, so two additions
 * at once cannot both pass the count). `journal` writes its row in the same transaction.
 */
export async function addPasskey(
  db: Kysely<Database>,
  site: PublicConfig,
  userId: string,
  name: string,
  credential: RegistrationResponseJSON,
  journal: (trx: Transaction<Database>) => Promise<void>,
): Promise<Passkey> {
  const challenge = await spendChallenge(db, credential.response.clientDataJSON, 'register', userId);
  const rp = relyingParty(site);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw new AppError(400, 'passkeys/not-verified');
  }
  if (!verification.verified) throw new AppError(400, 'passkeys/not-verified');
  const { credential: verified } = verification.registrationInfo;
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if ((await countPasskeys(trx, userId)) >= MAX_PASSKEYS) throw new AppError(409, 'passkeys/too-many');
    const row = await trx
      .insertInto('passkeys')
      .values({
        credential_id: verified.id,
        user_id: userId,
        name,
        public_key: Buffer.from(verified.publicKey),
        counter: verified.counter,
        transports: verified.transports ?? [],
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning(['id', 'name', 'created_at', 'last_used_at'])
      .executeTakeFirst();
    if (!row) throw new AppError(409, 'passkeys/already-registered');
    await journal(trx);
    return toPasskey(row);
  });
}

/** Options for `navigator.credentials.get` with no account named: the browser offers the site's passkeys. */
export async function signInOptions(db: Db, site: PublicConfig) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(site).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await storeChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

/**
 * Options for the second step of a password sign-in: only this account's passkeys, and a
 * challenge good for this account only.
 */
export async function secondFactorOptions(db: Db, site: PublicConfig, userId: string) {
  const passkeys = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(site).id,
    // The password was the first factor: the passkey's presence is the second.
    userVerification: 'discouraged',
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: row.transports })),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await storeChallenge(db, options.challenge, 'second-factor', userId);
  return options;
}

/**
 * The account a passkey's signature proves, or an AppError: any account for a sign-in with
 * the passkey alone, only `secondFactorOf` for the second step of a password sign-in. The
 * counter and last use are written only if the stored counter is still the one checked
 * against, so that two uses of a cloned authenticator cannot both pass.
 */
export async function verifyPasskeySignIn(db: Db, site: PublicConfig, credential: AuthenticationResponseJSON, secondFactorOf?: string): Promise<string> {
  const challenge = await spendChallenge(db, credential.response.clientDataJSON, secondFactorOf ? 'second-factor' : 'sign-in', secondFactorOf ?? null);
  const stored = await db
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'user_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credential.id)
    .executeTakeFirst();
  if (!stored || (secondFactorOf && stored.user_id !== secondFactorOf)) throw new AppError(401, 'passkeys/unknown');
  const rp = relyingParty(site);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Alone, the passkey is both factors, so the device must have checked its owner; as the
      // second factor, the password was the first.
      requireUserVerification: !secondFactorOf,
      credential: { id: stored.credential_id, publicKey: new Uint8Array(stored.public_key), counter: Number(stored.counter), transports: stored.transports },
    });
  } catch {
    throw new AppError(401, 'passkeys/not-verified');
  }
  if (!verification.verified) throw new AppError(401, 'passkeys/not-verified');
  const updated = await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date() })
    .where('id', '=', stored.id)
    .where('counter', '=', stored.counter)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError(401, 'passkeys/not-verified');
  return stored.user_id;
}

/**
 * A passkey given as a factor of `userId` (the second step, a confirmation): whether it
 * passed, a refusal being a wrong factor to count rather than an error to answer.
 */
export async function passkeyPasses(db: Db, site: PublicConfig, credential: unknown, userId: string): Promise<boolean> {
  try {
    await verifyPasskeySignIn(db, site, credential as AuthenticationResponseJSON, userId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return false;
    throw error;
  }
}

/** Handed-out challenges nobody used; from the daily retention run. */
export async function purgeExpiredChallenges(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(numDeletedRows);
}
