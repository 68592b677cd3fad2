import { isValidEmail } from './email';
import { isPasswordAccepted, passwordsMatch } from './password';
import { isPrintableLine } from './printable';

export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 300;

/** Limits count code points of the trimmed value, which is what gets stored. */
function fitsInline(value: string, maxLength: number): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && Array.from(trimmed).length <= maxLength && isPrintableLine(trimmed);
}

export function isValidUsername(value: string): boolean {
  return fitsInline(value, USERNAME_MAX_LENGTH);
}

export function isValidPersonName(value: string): boolean {
  return fitsInline(value, NAME_MAX_LENGTH);
}

/** A bio may be empty and span lines. */
export function isValidBio(value: string): boolean {
  return Array.from(value.trim()).length <= BIO_MAX_LENGTH;
}

interface RegisterStep1Input {
  email: string;
  password: string;
  confirmation: string;
}

export function canSubmitRegisterStep1({ email, password, confirmation }: RegisterStep1Input): boolean {
  return isValidEmail(email.trim()) && isPasswordAccepted(password) && passwordsMatch(password, confirmation);
}

interface RegisterStep2Input {
  username: string;
  firstname: string;
  lastname: string;
  /** The terms include the over-18 declaration. */
  termsAccepted: boolean;
}

export function canSubmitRegisterStep2(input: RegisterStep2Input): boolean {
  const { username, firstname, lastname, termsAccepted } = input;
  return isValidUsername(username) && isValidPersonName(firstname) && isValidPersonName(lastname) && termsAccepted;
}

interface OrganisationInput {
  email: string;
  /** The organisation's name, sent as username (spec §5). */
  username: string;
  password: string;
  confirmation: string;
  termsAccepted: boolean;
}

export function canSubmitOrganisation(input: OrganisationInput): boolean {
  return canSubmitRegisterStep1(input) && isValidUsername(input.username) && input.termsAccepted;
}

interface LoginInput {
  email: string;
  password: string;
}

/** Only non-empty (spec §5): a wrong format is the server's 'auth/invalid-email' to report. */
export function canSubmitLogin({ email, password }: LoginInput): boolean {
  return email.trim() !== '' && password !== '';
}

export function canSubmitForgotPassword(email: string): boolean {
  return isValidEmail(email.trim());
}
