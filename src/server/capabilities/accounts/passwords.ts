import { hash, verify } from '@node-rs/argon2';
import { FirebaseScrypt, type FirebaseScryptOptions } from 'firebase-scrypt';
import type { Kysely } from 'kysely';
import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '../../../shared/validation/password';
import type { Database } from '../../platform/db/schema';

// argon2id with the library's defaults (19 MiB, 2 passes): about 8 ms a hash here.
export const hashPassword = (password: string) => hash(password);

/** The parameters of the Firebase project's password hashes, written by the import. */
export type FirebaseHashParameters = FirebaseScryptOptions;
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

/**
 * An account's own password: argon2id, or Firebase's modified scrypt (with the parameters the
 * import stored) for a member moved in and not signed in since. A malformed hash, or an
 * account moved in without a password, matches nothing.
 */
export async function verifyAccountPassword(db: Kysely<Database>, passwordHash: string, password: string): Promise<boolean> {
  if (!isFirebasePasswordHash(passwordHash)) return verifyPassword(passwordHash, password);
  const [salt, firebaseHash] = passwordHash.slice(FIREBASE_PREFIX.length).split('$');
  const parameters = await db.selectFrom('settings').select('value').where('key', '=', FIREBASE_HASH_SETTING).executeTakeFirst();
  try {
    // Throws when a part is missing: a hash damaged in the move, or no parameters imported.
    return await new FirebaseScrypt(parameters?.value as FirebaseHashParameters).verify(password, salt, firebaseHash);
  } catch {
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
