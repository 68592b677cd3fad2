/**
 * The second factor of a password sign-in (decision 0046): an authenticator app (TOTP) or the
 * member's passkeys, with single-use recovery codes. Shapes of its API and the rules of what is
 * typed, shared by the forms and the server.
 */

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery-code';

/**
 * POST /api/auth/login answers 202 with this, instead of the member, when the account asks a
 * second factor: no session yet. The ticket goes with the second step, once, within 10 minutes.
 */
export interface SecondFactorRequired {
  secondFactor: { ticket: string; methods: SecondFactorMethod[]; expiresAt: string };
}

export const SIGN_IN_TICKET_MINUTES = 10;

/** POST /api/auth/second-factor: `code` (the app's or a recovery code) or `credential` (a passkey's answer). */
export interface SecondFactorPayload {
  ticket: string;
  code?: string;
  credential?: unknown;
}

/** GET /api/account/two-factor */
export interface TwoFactorStatus {
  /** Whether a password sign-in asks a second factor. */
  enabled: boolean;
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** POST /api/account/two-factor/totp/setup → what the app needs: scanned, or typed. */
export interface TotpSetup {
  secret: string;
  uri: string;
  /** An SVG QR code of `uri`, as a data: URL. */
  qrCode: string;
}

/** Turning the second factor on, or asking new codes, answers the codes once, with the status. */
export interface TwoFactorChange {
  status: TwoFactorStatus;
  recoveryCodes?: string[];
}

export const RECOVERY_CODE_COUNT = 10;

/** Six digits, as every authenticator app shows them; spaces the member may type are ignored. */
export function totpCode(typed: string): string | undefined {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** A recovery code as typed (any case, with or without its dashes and spaces), as stored: 16 letters and digits. */
export function recoveryCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{16}$/.test(code) ? code : undefined;
}

/** What the second step's field accepts: an app's code or a recovery code. */
export const isSecondFactorCode = (typed: string) => totpCode(typed) !== undefined || recoveryCode(typed) !== undefined;

/**
 * Sensitive acts (a role, a suspension or deletion, a newsletter sent, a factor removed) want
 * the password or a factor given within this many minutes; otherwise they answer 403
 * `auth/reauthentication-required`, and POST /api/auth/reauthenticate renews it.
 */
export const RECENT_AUTHENTICATION_MINUTES = 10;

export const REAUTHENTICATION_REQUIRED = 'auth/reauthentication-required';

/**
 * The acts that add, replace or remove a sign-in factor, on an account with a second factor,
 * want a factor given within the same minutes, not the password: they answer this instead.
 */
export const FACTOR_CONFIRMATION_REQUIRED = 'auth/factor-confirmation-required';

/** POST /api/auth/reauthenticate: one of the three. */
export interface ReauthenticatePayload {
  password?: string;
  code?: string;
  credential?: unknown;
}
