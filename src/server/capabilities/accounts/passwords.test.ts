import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '../../../shared/validation/password';
import { expectStoredHashOf } from '../../platform/testing/stored-password';
import { generateTemporaryPassword, hashPassword, verifyPassword } from './passwords';

// auth.test.ts uses these through the login and the forgotten-password mail; here, what a few
// mails would not show: the mailed passwords' alphabet and shuffle, and unreadable hashes.
describe('password hashes', () => {
  it('hashes with argon2id at our cost, and checks only the right password', async () => {
    const stored = await hashPassword('Sport-Ensemble-2025!');
    await expectStoredHashOf(stored, 'Sport-Ensemble-2025!');
    expect(await verifyPassword(stored, 'Sport-Ensemble-2025!')).toBe(true);
    expect(await verifyPassword(stored, 'Sport-Ensemble-2025?')).toBe(false);
  });

  it('answers no, without throwing, for a stored value that is no hash', async () => {
    // Accounts seeded by SQL, or a column damaged by hand: the password is refused, not a 500.
    for (const stored of ['', 'not-a-real-hash', '$argon2id$v=19$m=19456,t=2,p=1$abc']) {
      expect(await verifyPassword(stored, 'not-a-real-hash')).toBe(false);
    }
  });
});

describe('temporary passwords', () => {
  const LOOK_ALIKES = /[0O1lI]/;
  // Drawn inside each test: what a file computes while it is collected escapes the mutation
  // run's per-test checks (docs/testing.md).
  const manyPasswords = () => Array.from({ length: 200 }, () => generateTemporaryPassword());

  it('are 16 strong characters by default, or the length asked', () => {
    for (const password of manyPasswords()) {
      expect(password).toHaveLength(16);
      expect(passwordStrength(password)).toBe('strong');
      expect(password).not.toMatch(LOOK_ALIKES);
    }
    expect(generateTemporaryPassword(12)).toHaveLength(12);
    expect(generateTemporaryPassword(40)).toHaveLength(40);
  });

  it('draw every character of the alphabet, at any place', () => {
    const passwords = manyPasswords();
    const used = new Set(passwords.join(''));
    const alphabet = new Set('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789' + PASSWORD_SPECIAL_CHARACTERS);
    expect([...used].filter((char) => !alphabet.has(char))).toEqual([]);
    // 200 passwords of 16 draw each of the 70 characters many times over.
    expect(used.size).toBe(alphabet.size);
    // Beyond the one of each kind it needs, each character is drawn from the whole alphabet:
    // each kind comes at its share of it (within a quarter; 200 passwords leave far less to chance).
    const shares = { upper: 24, lower: 25, digit: 8, special: PASSWORD_SPECIAL_CHARACTERS.length };
    for (const [kind, size] of Object.entries(shares)) {
      const count = [...passwords.join('')].filter((char) => kindOf(char) === kind).length;
      const expected = passwords.length * (1 + (12 * size) / alphabet.size);
      expect(count, kind).toBeGreaterThan(expected * 0.75);
      expect(count, kind).toBeLessThan(expected * 1.25);
    }
    // The four characters that make it strong are shuffled in: no place holds one kind only.
    for (let place = 0; place < 16; place++) {
      const kinds = new Set(passwords.map((password) => kindOf(password[place])));
      expect(kinds.size, `place ${place}`).toBeGreaterThan(1);
    }
  });

  const kindOf = (char: string) => (/[A-Z]/.test(char) ? 'upper' : /[a-z]/.test(char) ? 'lower' : /[0-9]/.test(char) ? 'digit' : 'special');
});
