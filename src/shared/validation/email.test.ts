import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alnum = `${letters}0123456789`;
const chars = (set: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...set), minLength, maxLength });

// Our own "standard pattern" generator: dot-separated atoms @ dotted labels . letters-only TLD.
const atom = chars(`${alnum}!#$%&'*+/=?^_\`{|}~-`, 1, 10);
const label = fc
  .tuple(chars(alnum, 1, 1), chars(`${alnum}-`, 0, 10), chars(alnum, 1, 1))
  .map(([first, middle, last]) => first + middle + last);
const standardEmail = fc
  .tuple(
    fc.array(atom, { minLength: 1, maxLength: 4 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    chars(letters, 2, 6),
  )
  .map(([atoms, labels, tld]) => `${atoms.join('.')}@${labels.join('.')}.${tld}`);

describe('isValidEmail', () => {
  it.each([
    'alice@example.fr',
    'Alice.Martin@Example.COM',
    'a@b.co',
    'jean-pierre+unissons@mail.club-sport.org',
    "o'brien@example.ie",
    'x_y.z@sub.domain.example.travel',
    '1234@123.fr',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'alice.example.fr'],
    ['two @', 'alice@bob@example.fr'],
    ['no local part', '@example.fr'],
    ['no domain', 'alice@'],
    ['domain without a dot', 'alice@localhost'],
    ['one-letter TLD', 'alice@example.f'],
    ['digits in TLD', 'alice@example.f2'],
    ['space inside', 'ali ce@example.fr'],
    ['leading space (callers trim)', ' alice@example.fr'],
    ['trailing space (callers trim)', 'alice@example.fr '],
    ['trailing newline', 'alice@example.fr\n'],
    ['leading dot', '.alice@example.fr'],
    ['trailing dot in local part', 'alice.@example.fr'],
    ['double dot in local part', 'ali..ce@example.fr'],
    ['double dot in domain', 'alice@example..fr'],
    ['domain starting with a dot', 'alice@.example.fr'],
    ['trailing dot in domain', 'alice@example.fr.'],
    ['label starting with a hyphen', 'alice@-example.fr'],
    ['label ending with a hyphen', 'alice@example-.fr'],
    ['accented local part', 'hélène@example.fr'],
    ['accented domain', 'alice@exemple-é.fr'],
    ['comma', 'alice,bob@example.fr'],
    ['angle brackets', '<alice@example.fr>'],
    ['quoted local part', '"alice"@example.fr'],
    ['IP literal', 'alice@[127.0.0.1]'],
  ])('rejects %s', (_, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it(`accepts ${EMAIL_MAX_LENGTH} characters and rejects ${EMAIL_MAX_LENGTH + 1}`, () => {
    const domain = `${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(63)}.fr`; // 194 characters
    const local = (length: number) => 'l'.repeat(length);
    const atMax = `${local(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(atMax).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isValidEmail(atMax)).toBe(true);
    expect(isValidEmail(`l${atMax}`)).toBe(false);
  });

  it('accepts a local part of 64 characters and rejects 65', () => {
    expect(isValidEmail(`${'l'.repeat(64)}@example.fr`)).toBe(true);
    expect(isValidEmail(`${'l'.repeat(65)}@example.fr`)).toBe(false);
  });

  it('accepts a 63-character label and rejects 64', () => {
    expect(isValidEmail(`alice@${'d'.repeat(63)}.fr`)).toBe(true);
    expect(isValidEmail(`alice@${'d'.repeat(64)}.fr`)).toBe(false);
  });

  it('accepts every address of the standard pattern within the limits', () => {
    fc.assert(
      fc.property(standardEmail, (email) => {
        expect(isValidEmail(email)).toBe(email.length <= EMAIL_MAX_LENGTH && email.indexOf('@') <= 64);
      }),
    );
  });

  it("accepts fast-check's addresses when they have a dotted domain and a letters-only TLD", () => {
    const plain = fc.emailAddress().filter((email) => {
      const [local, domain] = email.split('@');
      return (
        email.length <= EMAIL_MAX_LENGTH && local.length <= 64 && /\.[A-Za-z]{2,63}$/.test(domain)
      );
    });
    fc.assert(
      fc.property(plain, (email) => {
        expect(isValidEmail(email)).toBe(true);
      }),
    );
  });

  it('rejects anything without an @', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (s) => {
          expect(isValidEmail(s)).toBe(false);
        },
      ),
    );
  });

  it('rejects a standard address with whitespace inserted anywhere', () => {
    fc.assert(
      fc.property(standardEmail, fc.nat(), fc.constantFrom(' ', '\t', '\n', '\u00a0'), (email, at, space) => {
        const i = at % (email.length + 1);
        expect(isValidEmail(email.slice(0, i) + space + email.slice(i))).toBe(false);
      }),
    );
  });

  it('rejects a standard address with a second @ inserted anywhere', () => {
    fc.assert(
      fc.property(standardEmail, fc.nat(), (email, at) => {
        const i = at % (email.length + 1);
        expect(isValidEmail(`${email.slice(0, i)}@${email.slice(i)}`)).toBe(false);
      }),
    );
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so the same mailbox is one account', () => {
    expect(normalizeEmail('  Alice.Martin@Example.FR \n')).toBe('alice.martin@example.fr');
  });

  it('is idempotent and keeps valid addresses valid', () => {
    fc.assert(
      fc.property(standardEmail, (email) => {
        const normalized = normalizeEmail(`  ${email} `);
        expect(normalizeEmail(normalized)).toBe(normalized);
        expect(isValidEmail(normalized)).toBe(isValidEmail(email));
      }),
    );
  });
});
