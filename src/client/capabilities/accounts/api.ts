import type { ChangeEmailPayload, ChangePasswordPayload, DeleteAccountPayload, EmailChangeStatus, UpdateProfilePayload, VerificationLinkPreview, VerifyEmailResponse } from '../../../shared/accounts';
import type { ChangeUsernamePayload } from '../../../shared/organisations';
import { isApiErrorBody } from '../../../shared/api-error';
import { messageForCode } from '../../../shared/messages';
import type { CurrentUser } from '../../../shared/user';
import type { ReauthenticatePayload, TotpSetup, TwoFactorChange, TwoFactorStatus } from '../../../shared/two-factor';
import type { MemberSessionList } from '../../../shared/sessions';
import { api, ApiError } from '../../platform/http/http';

/** Answers a JSON attachment (RGPD portability); a plain link downloads it with the session cookie. */
export const EXPORT_URL = '/api/account/export';

export function updateProfile(payload: UpdateProfilePayload): Promise<CurrentUser> {
  return api<CurrentUser>('/api/account/profile', { method: 'PATCH', body: payload });
}

/** An organisation's new displayed name (decision 0026). */
export function changeUsername(payload: ChangeUsernamePayload): Promise<CurrentUser> {
  return api<CurrentUser>('/api/account/username', { method: 'PUT', body: payload });
}

export function changePassword(payload: ChangePasswordPayload): Promise<void> {
  return api<void>('/api/account/password', { method: 'PUT', body: payload });
}

/** 'Renvoyer le mail': a new verification link to the account's address. */
export function resendVerificationMail(): Promise<void> {
  return api<void>('/api/account/verification-mail', { method: 'POST', body: {} });
}

/** The e-mail change waiting for its link, if any. */
export function fetchEmailChange(): Promise<EmailChangeStatus> {
  return api<EmailChangeStatus>('/api/account/email');
}

export function changeEmail(payload: ChangeEmailPayload): Promise<EmailChangeStatus> {
  return api<EmailChangeStatus>('/api/account/email', { method: 'POST', body: payload });
}

/** What the link asks before it is used (a change of address waits for a click); it uses nothing. */
export function previewVerificationLink(token: string): Promise<VerificationLinkPreview> {
  return api<VerificationLinkPreview>('/api/auth/verification-link', { method: 'POST', body: { token } });
}

/** What the verification page does with the link's token; it opens no session. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body: { token } });
}

export function deleteAccount(payload: DeleteAccountPayload): Promise<void> {
  return api<void>('/api/account', { method: 'DELETE', body: payload });
}

export function removePicture(): Promise<CurrentUser> {
  return api<CurrentUser>('/api/account/picture', { method: 'DELETE', body: {} });
}

/**
 * The one upload: the image goes as the raw body with its own content type, which api()
 * (JSON only) cannot send. Errors come back the same way as from api().
 */
export async function uploadPicture(file: File): Promise<CurrentUser> {
  let response: Response;
  try {
    response = await fetch('/api/account/picture', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': file.type },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'http/network', messageForCode('http/network'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message);
    const code = response.status === 413 ? 'http/payload-too-large' : 'http/internal';
    throw new ApiError(response.status, code, messageForCode(code));
  }
  return payload as CurrentUser;
}

export function fetchTwoFactor(): Promise<TwoFactorStatus> {
  return api<TwoFactorStatus>('/api/account/two-factor');
}

/** A new secret for the authenticator app, waiting for its first code. */
export function setUpTotp(): Promise<TotpSetup> {
  return api<TotpSetup>('/api/account/two-factor/totp/setup', { method: 'POST', body: {} });
}

export function confirmTotp(code: string): Promise<TwoFactorChange> {
  return api<TwoFactorChange>('/api/account/two-factor/totp', { method: 'POST', body: { code } });
}

export function passkeysAsSecondFactor(): Promise<TwoFactorChange> {
  return api<TwoFactorChange>('/api/account/two-factor/passkeys', { method: 'POST', body: {} });
}

export function newRecoveryCodes(): Promise<TwoFactorChange> {
  return api<TwoFactorChange>('/api/account/two-factor/recovery-codes', { method: 'POST', body: {} });
}

export function removeTotp(): Promise<TwoFactorStatus> {
  return api<TwoFactorStatus>('/api/account/two-factor/totp', { method: 'DELETE' });
}

export function turnOffTwoFactor(): Promise<TwoFactorStatus> {
  return api<TwoFactorStatus>('/api/account/two-factor', { method: 'DELETE' });
}

/** The password, an app or recovery code, or a passkey's answer, given again before a sensitive act. */
export function reauthenticate(payload: ReauthenticatePayload): Promise<void> {
  return api<void>('/api/auth/reauthenticate', { method: 'POST', body: payload });
}

export function fetchSessions(): Promise<MemberSessionList> {
  return api<MemberSessionList>('/api/account/sessions');
}

/** Ends one of the member's sessions (another device: it is signed out at its next request). */
export function endSession(id: string): Promise<void> {
  return api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function endOtherSessions(): Promise<void> {
  return api<void>('/api/account/sessions', { method: 'DELETE' });
}
