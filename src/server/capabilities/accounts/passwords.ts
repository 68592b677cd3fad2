import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '../../../shared/validation/password';

// argon2id with the library's defaults (19 MiB, 2 passes): about 8 ms a hash here.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
