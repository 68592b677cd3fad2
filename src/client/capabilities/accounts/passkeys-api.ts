import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { messageForCode } from '../../../shared/messages';
import type { Passkey, PasskeyList } from '../../../shared/passkeys';
import type { CurrentUser } from '../../../shared/user';
import { api, ApiError } from '../../platform/http/http';

export { browserSupportsWebAuthnAutofill as passkeyAutofillSupported };

/**
 * The browser's own refusals (the member closed the system dialog, it timed out, the device
 * already holds a passkey for this account) become the error box's French messages.
 */
function fromBrowser(error: unknown): never {
  if (error instanceof ApiError) throw error;
  const code =
    error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? 'passkeys/already-registered' : 'passkeys/cancelled';
  throw new ApiError(0, code, messageForCode(code));
}

/** Whether an error is only the ceremony being replaced by another (a click while the autofill waited). */
export const ceremonyReplaced = (error: unknown) => error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED';

export function fetchPasskeys(): Promise<PasskeyList> {
  return api<PasskeyList>('/api/account/passkeys');
}

/** Asks the device to make a passkey for this account, then keeps it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options', { method: 'POST', body: {} });
  const credential = await startRegistration({ optionsJSON }).catch(fromBrowser);
  return api<Passkey>('/api/account/passkeys', { method: 'POST', body: { name, credential } });
}

export function renamePasskey(id: string, name: string): Promise<Passkey> {
  return api<Passkey>(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });
}

export function removePasskey(id: string): Promise<void> {
  return api<void>(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Every passkey of the account goes (one someone else may have added); answers how many did. */
export function removeEveryPasskey(): Promise<{ removed: number }> {
  return api<{ removed: number }>('/api/account/passkeys', { method: 'DELETE' });
}

/**
 * Signs in with a passkey the device offers. With `autofill`, the request waits quietly for
 * the member to pick a passkey among the address field's suggestions (conditional mediation).
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<CurrentUser> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options', { method: 'POST', body: {} });
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (error) {
    if (ceremonyReplaced(error)) throw error;
    fromBrowser(error);
  }
  return api<CurrentUser>('/api/auth/passkey', { method: 'POST', body: { credential } });
}

/** The second step of a password sign-in, with one of the account's passkeys. */
export async function secondFactorWithPasskey(ticket: string): Promise<CurrentUser> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/second-factor/options', { method: 'POST', body: { ticket } });
  const credential = await startAuthentication({ optionsJSON }).catch(fromBrowser);
  return api<CurrentUser>('/api/auth/second-factor', { method: 'POST', body: { ticket, credential } });
}

/** The member's passkey, asked again before a sensitive act. */
export async function reauthenticateWithPasskey(): Promise<void> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/reauthenticate/options', { method: 'POST', body: {} });
  const credential = await startAuthentication({ optionsJSON }).catch(fromBrowser);
  await api<void>('/api/auth/reauthenticate', { method: 'POST', body: { credential } });
}

/** Ends a waiting autofill request (the form is gone). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();
