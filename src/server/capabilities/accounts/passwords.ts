import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { createCipheriv, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '../../../shared/validation/password';
import type { Database } from '../../platform/db/schema';

// argon2id with the library's defaults (19 MiB, 2 passes): about 8 ms a hash here.
export const hashPassword = (password: string) => hash(password);

/** The parameters of the Firebase project's password hashes (base64 keys), written by the import. */
export interface FirebaseHashParameters {
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}
export const FIREBASE_HASH_SETTING = 'firebase.passwordHash';

const FIREBASE_PREFIX = '$firebase-scrypt$';

/**
 * How a password hashed by the Firebase site is kept until the member's first sign-in here:
 * its salt and hash as Firebase exported them (base64), checked with the project's parameters.
 */
export const firebasePasswordHash = (salt: string, passwordHash: string) => `${FIREBASE_PREFIX}${salt}$${passwordHash}`;

/** Whether a stored hash is still Firebase's, to be replaced by argon2id once the password is known. */
export const isFirebasePasswordHash = (passwordHash: string) => passwordHash.startsWith(FIREBASE_PREFIX);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Firebase's largest parameters (mem_cost 14, rounds 8) make scrypt use 128 × 8 × 2^14 bytes,
// 16 MiB: twice that leaves room, and refuses parameters that would ask for more.
const FIREBASE_SCRYPT_MAX_MEMORY = 32 * 1024 * 1024;

// Firebase's CLI exports standard base64, its Admin SDK the URL-safe alphabet.
const fromBase64 = (value: string) => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

const isFirebaseHashParameters = (value: unknown): value is FirebaseHashParameters => {
  const parameters = value as Partial<FirebaseHashParameters> | null;
  return (
    typeof parameters?.signerKey === 'string' &&
    typeof parameters.saltSeparator === 'string' &&
    Number.isInteger(parameters.rounds) &&
    Number.isInteger(parameters.memCost)
  );
};

/**
 * Firebase's modified scrypt (decision 0035): scrypt of the password with the salt and the
 * project's separator (N = 2^memCost, r = rounds, p = 1) gives a 32-byte key, which encrypts
 * the project's signer key with AES-256-CTR and a zero IV; the result is the stored hash.
 */
function firebaseScrypt(password: string, salt: string, parameters: FirebaseHashParameters): Promise<Buffer> {
  const options = { N: 2 ** parameters.memCost, r: parameters.rounds, p: 1, maxmem: FIREBASE_SCRYPT_MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password, Buffer.concat([fromBase64(salt), fromBase64(parameters.saltSeparator)]), 32, options, (error, key) => {
      if (error) return reject(error);
      const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
      resolve(Buffer.concat([cipher.update(fromBase64(parameters.signerKey)), cipher.final()]));
    });
  });
}

/**
 * An account's own password: argon2id, or Firebase's modified scrypt (with the parameters the
 * import stored) for a member moved in and not signed in since. A malformed hash or set of
 * parameters, or an account moved in without a password, matches nothing.
 */
export async function verifyAccountPassword(db: Kysely<Database>, passwordHash: string, password: string): Promise<boolean> {
  if (!isFirebasePasswordHash(passwordHash)) return verifyPassword(passwordHash, password);
  const [salt = '', firebaseHash = ''] = passwordHash.slice(FIREBASE_PREFIX.length).split('$');
  const stored = fromBase64(firebaseHash);
  const parameters = (await db.selectFrom('settings').select('value').where('key', '=', FIREBASE_HASH_SETTING).executeTakeFirst())?.value;
  if (salt === '' || stored.length === 0 || !isFirebaseHashParameters(parameters)) return false;
  try {
    const computed = await firebaseScrypt(password, salt, parameters);
    return computed.length === stored.length && timingSafeEqual(computed, stored);
  } catch {
    // Parameters scrypt refuses (a memory cost above the cap, rounds out of range).
    return false;
  }
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/**
 * A random password that passes the 'strong' rule (PRODUCT.md: the mailed temporary
 * password). Look-alike characters (0/O, 1/l/I) are left out: people type it from a mail.
 */
export function generateTemporaryPassword(length = 16): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)];
  const all = UPPER + LOWER + DIGITS + PASSWORD_SPECIAL_CHARACTERS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(PASSWORD_SPECIAL_CHARACTERS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (passwordStrength(password) !== 'strong') throw new Error('temporary password is not strong');
  return password;
}
