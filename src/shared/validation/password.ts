export type PasswordStrength = 'insufficient' | 'poor' | 'okay' | 'strong';

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()-_+.';
export const PASSWORD_OKAY_LENGTH = 8;
export const PASSWORD_STRONG_LENGTH = 12;
// Bounds the work of hashing a hostile request; far beyond what a password manager generates.
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  insufficient: 'Insuffisant',
  poor: 'Faible',
  okay: 'Correct',
  strong: 'Fort',
};

const SPECIALS = new Set(PASSWORD_SPECIAL_CHARACTERS);
// Unicode-aware letters, so a French visitor typing 'É' or 'ç' gets credit for them; digits
// stay ASCII because the spec's 'a digit' is what every keyboard calls one.
const UPPERCASE = /\p{Lu}/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /[0-9]/;

/** Lengths count code points, so an emoji or an accented letter is one character. */
function passwordLength(pwd: string): number {
  return Array.from(pwd).length;
}

/** The parts of the 'okay' level, each on its own, so a form can say which one is missing. */
export interface PasswordChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
  special: boolean;
}

export function passwordChecks(pwd: string): PasswordChecks {
  return {
    length: passwordLength(pwd) >= PASSWORD_OKAY_LENGTH,
    uppercase: UPPERCASE.test(pwd),
    lowercase: LOWERCASE.test(pwd),
    digit: DIGIT.test(pwd),
    special: Array.from(pwd).some((c) => SPECIALS.has(c)),
  };
}

/** Spec §5; characters outside the special list (e.g. '?', '~', ' ') are allowed but earn nothing. */
export function passwordStrength(pwd: string): PasswordStrength {
  const checks = passwordChecks(pwd);
  if (!checks.uppercase || !checks.lowercase) return 'insufficient';
  if (!checks.digit || !checks.special || !checks.length) return 'poor';
  return passwordLength(pwd) >= PASSWORD_STRONG_LENGTH ? 'strong' : 'okay';
}

/** What registration, organisation registration and a password change require. */
export function isPasswordAccepted(pwd: string): boolean {
  if (passwordLength(pwd) > PASSWORD_MAX_LENGTH) return false;
  const strength = passwordStrength(pwd);
  return strength === 'okay' || strength === 'strong';
}

export function passwordsMatch(pwd: string, confirmation: string): boolean {
  return pwd === confirmation;
}
