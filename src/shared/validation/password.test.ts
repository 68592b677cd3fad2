import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_OKAY_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRONG_LENGTH,
  isPasswordAccepted,
  passwordChecks,
  passwordStrength,
  passwordsMatch,
  type PasswordStrength,
} from './password';

const RANK: Record<PasswordStrength, number> = { insufficient: 0, poor: 1, okay: 2, strong: 3 };

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÀÇ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzéèàçœ';
const DIGITS = '0123456789';
const from = (set: string) => fc.constantFrom(...set);
const anyOf = (...sets: string[]) => from(sets.join(''));

/** Upper, lower, digit and special characters, shuffled, at least `minLength` long. */
const completePassword = (minLength: number, maxLength: number) =>
  fc
    .tuple(
      from(UPPER),
      from(LOWER),
      from(DIGITS),
      from(PASSWORD_SPECIAL_CHARACTERS),
      fc.array(anyOf(UPPER, LOWER, DIGITS, PASSWORD_SPECIAL_CHARACTERS, '?~ '), {
        minLength: minLength - 4,
        maxLength: maxLength - 4,
      }),
    )
    .chain(([u, l, d, s, rest]) => {
      const chars = [u, l, d, s, ...rest];
      return fc.shuffledSubarray(chars, { minLength: chars.length, maxLength: chars.length });
    })
    .map((chars) => chars.join(''));

describe('passwordStrength', () => {
  it.each<[string, PasswordStrength]>([
    ['', 'insufficient'],
    ['password', 'insufficient'],
    ['PASSWORD', 'insufficient'],
    ['12345678!', 'insufficient'],
    ['aB', 'poor'],
    ['Password', 'poor'],
    ['Password1', 'poor'],
    ['Password!', 'poor'],
    ['Pass1!', 'poor'],
    ['Passw1!', 'poor'], // 7 characters
    ['Passwo1!', 'okay'], // 8
    ['Password12!', 'okay'], // 11
    ['Password123!', 'strong'], // 12
    ['Password1234567890!', 'strong'],
  ])('%j is %s', (pwd, expected) => {
    expect(passwordStrength(pwd)).toBe(expected);
  });

  it(`needs ${PASSWORD_OKAY_LENGTH} characters for okay and ${PASSWORD_STRONG_LENGTH} for strong`, () => {
    const withLength = (n: number) => `Aa1!${'x'.repeat(n - 4)}`;
    expect(passwordStrength(withLength(7))).toBe('poor');
    expect(passwordStrength(withLength(8))).toBe('okay');
    expect(passwordStrength(withLength(11))).toBe('okay');
    expect(passwordStrength(withLength(12))).toBe('strong');
  });

  it.each([
    ['an uppercase letter', 'abcdef1!xyzw'],
    ['a lowercase letter', 'ABCDEF1!XYZW'],
  ])('is insufficient without %s, whatever the length', (_, pwd) => {
    expect(passwordStrength(pwd)).toBe('insufficient');
  });

  it.each([
    ['a digit', 'Abcdefgh!xyz'],
    ['a special character', 'Abcdefgh1xyz'],
  ])('is poor without %s, whatever the length', (_, pwd) => {
    expect(passwordStrength(pwd)).toBe('poor');
  });

  it.each([...PASSWORD_SPECIAL_CHARACTERS])('counts %j as a special character', (special) => {
    expect(passwordStrength(`Abcdefg1${special}`)).toBe('okay');
    expect(passwordStrength(`Abcdefghij1${special}`)).toBe('strong');
  });

  it.each(['?', '~', ' ', '/', ',', ';', ':', '=', '[', '€', '£', '§', '"', "'", '<', '{', '|', '\\', '`'])(
    'does not count %j as a special character',
    (other) => {
      expect(passwordStrength(`Abcdefghij1${other}`)).toBe('poor');
    },
  );

  it('counts accented and non-Latin letters as upper or lower case', () => {
    expect(passwordStrength('éÉ')).toBe('poor');
    expect(passwordStrength('ÉCOLEPARIS1!')).toBe('insufficient');
    expect(passwordStrength('Écolepari1!')).toBe('okay');
    expect(passwordStrength('πΣ')).toBe('poor');
  });

  it('counts only ASCII digits as digits', () => {
    expect(passwordStrength('Abcdefg١!')).toBe('poor'); // Arabic-Indic one
    expect(passwordStrength('Abcdefg１!')).toBe('poor'); // full-width one
  });

  it('counts an emoji as one character', () => {
    expect(passwordStrength('Aa1!😀😀😀')).toBe('poor'); // 7 characters, 10 UTF-16 units
    expect(passwordStrength('Aa1!😀😀😀😀')).toBe('okay');
  });

  it('never decreases when characters are appended', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (pwd, more) => {
        expect(RANK[passwordStrength(pwd + more)]).toBeGreaterThanOrEqual(RANK[passwordStrength(pwd)]);
      }),
    );
  });

  it('is insufficient for any password without an uppercase letter', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((pwd) => !/\p{Lu}/u.test(pwd)),
        (pwd) => {
          expect(passwordStrength(pwd)).toBe('insufficient');
        },
      ),
    );
  });

  it('is strong only with at least 12 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (pwd) => {
        if (passwordStrength(pwd) === 'strong') {
          expect(Array.from(pwd).length).toBeGreaterThanOrEqual(PASSWORD_STRONG_LENGTH);
        }
      }),
    );
  });

  it('is strong for any password with every class and at least 12 characters', () => {
    fc.assert(
      fc.property(completePassword(PASSWORD_STRONG_LENGTH, 40), (pwd) => {
        expect(passwordStrength(pwd)).toBe('strong');
      }),
    );
  });

  it('is okay for any password with every class and 8 to 11 characters', () => {
    fc.assert(
      fc.property(completePassword(PASSWORD_OKAY_LENGTH, PASSWORD_STRONG_LENGTH - 1), (pwd) => {
        expect(passwordStrength(pwd)).toBe('okay');
      }),
    );
  });
});

describe('isPasswordAccepted', () => {
  it('accepts okay and strong only', () => {
    expect(isPasswordAccepted('Password')).toBe(false);
    expect(isPasswordAccepted('Passw1!')).toBe(false);
    expect(isPasswordAccepted('Passwo1!')).toBe(true);
    expect(isPasswordAccepted('Password123!')).toBe(true);
  });

  it(`accepts ${PASSWORD_MAX_LENGTH} characters and rejects ${PASSWORD_MAX_LENGTH + 1}`, () => {
    const atMax = `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
    expect(isPasswordAccepted(atMax)).toBe(true);
    expect(isPasswordAccepted(`${atMax}x`)).toBe(false);
  });

  it('agrees with passwordStrength within the maximum length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 140 }), (pwd) => {
        const withinMax = Array.from(pwd).length <= PASSWORD_MAX_LENGTH;
        expect(isPasswordAccepted(pwd)).toBe(withinMax && RANK[passwordStrength(pwd)] >= RANK.okay);
      }),
    );
  });
});

describe('passwordsMatch', () => {
  it('needs the exact same text', () => {
    expect(passwordsMatch('Password123!', 'Password123!')).toBe(true);
    expect(passwordsMatch('Password123!', 'password123!')).toBe(false);
    expect(passwordsMatch('Password123!', 'Password123! ')).toBe(false);
    expect(passwordsMatch('Password123!', '')).toBe(false);
  });

  it('matches a password with itself and nothing else', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(passwordsMatch(a, a)).toBe(true);
        expect(passwordsMatch(a, b)).toBe(a === b);
      }),
    );
  });
});

describe('PASSWORD_STRENGTH_LABELS', () => {
  it('names every level in French', () => {
    expect(PASSWORD_STRENGTH_LABELS).toEqual({
      insufficient: 'Insuffisant',
      poor: 'Faible',
      okay: 'Correct',
      strong: 'Fort',
    });
  });
});

describe('passwordChecks', () => {
  it('tells each part of the okay level apart', () => {
    expect(passwordChecks('Stade2026?')).toEqual({ length: true, uppercase: true, lowercase: true, digit: true, special: false });
    expect(passwordChecks('aB1!')).toEqual({ length: false, uppercase: true, lowercase: true, digit: true, special: true });
    expect(passwordChecks('')).toEqual({ length: false, uppercase: false, lowercase: false, digit: false, special: false });
  });

  it('has every part met exactly when the password is at least okay', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (pwd) => {
        const all = Object.values(passwordChecks(pwd)).every(Boolean);
        expect(all).toBe(RANK[passwordStrength(pwd)] >= RANK.okay);
      }),
    );
  });
});
