import { verify } from '@node-rs/argon2';
import { expect } from 'vitest';

/**
 * argon2id, version 1.3, 19 MiB, 2 passes, 1 lane, a 16-byte salt and a 32-byte hash (OWASP's
 * minimum for argon2id). Written out here, not read from the code that hashes: a weaker
 * setting, or no hashing at all, must fail a test.
 */
const ARGON2ID_AT_OUR_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

/**
 * `stored` is an argon2id hash at our cost of `password`, and neither it nor the rest of the
 * row it came from (`row`) holds the password itself.
 */
export async function expectStoredHashOf(stored: string | null | undefined, password: string, row: object = {}) {
  expect(stored).toMatch(ARGON2ID_AT_OUR_COST);
  expect(await verify(stored!, password)).toBe(true);
  for (const value of [stored, ...Object.values(row)]) {
    if (typeof value === 'string') expect(value).not.toContain(password);
  }
}
