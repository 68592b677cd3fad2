import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  BIO_MAX_LENGTH,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  canSubmitForgotPassword,
  canSubmitLogin,
  canSubmitOrganisation,
  canSubmitRegisterStep1,
  canSubmitRegisterStep2,
  isValidBio,
  isValidPersonName,
  isValidUsername,
} from './account';

const GOOD_PASSWORD = 'Password1!'; // okay

describe('isValidUsername', () => {
  it('needs a non-blank value of at most 30 characters', () => {
    expect(isValidUsername('')).toBe(false);
    expect(isValidUsername('   ')).toBe(false);
    expect(isValidUsername('a')).toBe(true);
    expect(isValidUsername('a'.repeat(USERNAME_MAX_LENGTH))).toBe(true);
    expect(isValidUsername('a'.repeat(USERNAME_MAX_LENGTH + 1))).toBe(false);
    expect(isValidUsername(`  ${'a'.repeat(USERNAME_MAX_LENGTH)}  `)).toBe(true);
    expect(isValidUsername('é'.repeat(USERNAME_MAX_LENGTH))).toBe(true);
    expect(isValidUsername('🏃'.repeat(USERNAME_MAX_LENGTH))).toBe(true);
  });

  it('allows spaces, accents and punctuation', () => {
    expect(isValidUsername('Léa du 93')).toBe(true);
    expect(isValidUsername('AS Saint-Étienne')).toBe(true);
  });

  it.each([
    ['a line break', 'lea\nmartin'],
    ['a tab', 'lea\tmartin'],
    ['a NUL', 'lea\u0000'],
    ['DEL', 'lea\u007f'],
    ['a C1 control', 'lea\u0085x'],
    ['a right-to-left override', 'lea\u202Emartin'],
    ['a bidi isolate', 'lea\u2066martin'],
  ])('rejects %s', (_, name) => {
    expect(isValidUsername(name)).toBe(false);
  });
});

describe('isValidPersonName', () => {
  it('needs a non-blank value of at most 60 characters', () => {
    expect(isValidPersonName('')).toBe(false);
    expect(isValidPersonName(' \t ')).toBe(false);
    expect(isValidPersonName('Zoé')).toBe(true);
    expect(isValidPersonName("N'Diaye-Le Gall")).toBe(true);
    expect(isValidPersonName('a'.repeat(NAME_MAX_LENGTH))).toBe(true);
    expect(isValidPersonName('a'.repeat(NAME_MAX_LENGTH + 1))).toBe(false);
    expect(isValidPersonName('Zoé\nMartin')).toBe(false);
  });
});

describe('isValidBio', () => {
  it('may be empty or span lines, up to 300 characters', () => {
    expect(isValidBio('')).toBe(true);
    expect(isValidBio('Coureuse.\nCycliste.')).toBe(true);
    expect(isValidBio('a'.repeat(BIO_MAX_LENGTH))).toBe(true);
    expect(isValidBio('a'.repeat(BIO_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('canSubmitRegisterStep1', () => {
  const valid = { email: 'lea@example.fr', password: GOOD_PASSWORD, confirmation: GOOD_PASSWORD };

  it('is enabled with a valid email, an accepted password and its confirmation', () => {
    expect(canSubmitRegisterStep1(valid)).toBe(true);
    expect(canSubmitRegisterStep1({ ...valid, password: 'Password123!', confirmation: 'Password123!' })).toBe(true);
  });

  it('trims the email as typed', () => {
    expect(canSubmitRegisterStep1({ ...valid, email: '  lea@example.fr ' })).toBe(true);
  });

  it.each([
    ['an empty email', { email: '' }],
    ['an invalid email', { email: 'lea@example' }],
    ['a poor password', { password: 'Password1', confirmation: 'Password1' }],
    ['a 7-character password', { password: 'Passw1!', confirmation: 'Passw1!' }],
    ['an insufficient password', { password: 'password1!', confirmation: 'password1!' }],
    ['an empty confirmation', { confirmation: '' }],
    ['a different confirmation', { confirmation: 'Password1?' }],
  ])('is disabled with %s', (_, change) => {
    expect(canSubmitRegisterStep1({ ...valid, ...change })).toBe(false);
  });
});

describe('canSubmitRegisterStep2', () => {
  const valid = { username: 'lea93', firstname: 'Léa', lastname: 'Martin', termsAccepted: true };

  it('is enabled with every field filled and the terms accepted', () => {
    expect(canSubmitRegisterStep2(valid)).toBe(true);
  });

  it.each([
    ['no username', { username: '' }],
    ['a blank username', { username: '   ' }],
    ['a too long username', { username: 'a'.repeat(USERNAME_MAX_LENGTH + 1) }],
    ['no first name', { firstname: '' }],
    ['a blank last name', { lastname: ' ' }],
    ['a too long last name', { lastname: 'a'.repeat(NAME_MAX_LENGTH + 1) }],
    ['the terms (and over-18 declaration) unaccepted', { termsAccepted: false }],
  ])('is disabled with %s', (_, change) => {
    expect(canSubmitRegisterStep2({ ...valid, ...change })).toBe(false);
  });
});

describe('canSubmitOrganisation', () => {
  const valid = {
    email: 'contact@club.fr',
    username: 'Club de Rugby',
    password: GOOD_PASSWORD,
    confirmation: GOOD_PASSWORD,
    termsAccepted: true,
  };

  it('is enabled with a valid email, a name, an accepted password, its confirmation and the terms', () => {
    expect(canSubmitOrganisation(valid)).toBe(true);
    expect(canSubmitOrganisation({ ...valid, email: ' contact@club.fr ' })).toBe(true);
  });

  it.each([
    ['an invalid email', { email: 'contact@club' }],
    ['no organisation name', { username: '  ' }],
    ['a too long organisation name', { username: 'a'.repeat(USERNAME_MAX_LENGTH + 1) }],
    ['a poor password', { password: 'Password', confirmation: 'Password' }],
    ['a different confirmation', { confirmation: `${GOOD_PASSWORD}x` }],
    ['the terms unaccepted', { termsAccepted: false }],
  ])('is disabled with %s', (_, change) => {
    expect(canSubmitOrganisation({ ...valid, ...change })).toBe(false);
  });
});

describe('canSubmitLogin', () => {
  it('needs a non-blank email and a non-empty password, nothing more', () => {
    expect(canSubmitLogin({ email: 'lea@example.fr', password: 'x' })).toBe(true);
    expect(canSubmitLogin({ email: 'not an email', password: 'x' })).toBe(true);
    expect(canSubmitLogin({ email: '', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: '   ', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: 'lea@example.fr', password: '' })).toBe(false);
    expect(canSubmitLogin({ email: 'lea@example.fr', password: ' ' })).toBe(true);
  });

  it('is enabled exactly when both are filled', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, password) => {
        expect(canSubmitLogin({ email, password })).toBe(email.trim().length > 0 && password.length > 0);
      }),
    );
  });
});

describe('canSubmitForgotPassword', () => {
  it('needs a valid email, trimmed', () => {
    expect(canSubmitForgotPassword('lea@example.fr')).toBe(true);
    expect(canSubmitForgotPassword(' lea@example.fr\n')).toBe(true);
    expect(canSubmitForgotPassword('')).toBe(false);
    expect(canSubmitForgotPassword('lea@')).toBe(false);
  });
});
