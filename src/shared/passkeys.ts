import { isPrintableLine } from './validation/printable';

/**
 * Passkeys (WebAuthn): the shapes of their API and the rule for their names, shared by the
 * /account forms and the server. The ceremonies' own data (options, the browser's answer) are
 * those of the WebAuthn standard, carried as JSON the way @simplewebauthn writes them.
 */

/** What /account lists of a member's passkey. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  /** Null until it first signs in. */
  lastUsedAt: string | null;
}

/** GET /api/account/passkeys → { passkeys } (newest first). */
export interface PasskeyList {
  passkeys: Passkey[];
}

export const PASSKEY_NAME_MAX_LENGTH = 60;

/** A name the member recognises the device by ('iPhone de Léa'): one line, not blank. */
export function isValidPasskeyName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= PASSKEY_NAME_MAX_LENGTH && isPrintableLine(trimmed);
}

/** Passkeys one account may hold: enough for every device of a family, few enough to list. */
export const MAX_PASSKEYS = 20;

/** A challenge is good this long after it was handed out, and once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/**
 * POST /api/account/passkeys { name, credential } → Passkey (201).
 * `credential`: what `startRegistration` of @simplewebauthn/browser returned.
 */
export interface AddPasskeyPayload {
  name: string;
  credential: unknown;
}

/** PATCH /api/account/passkeys/:id { name } → Passkey. */
export interface RenamePasskeyPayload {
  name: string;
}

/** POST /api/auth/passkey { credential } → CurrentUser and the session cookie. */
export interface PasskeySignInPayload {
  credential: unknown;
}
