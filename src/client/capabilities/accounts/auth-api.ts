import type { ForgotPasswordPayload, LoginPayload, RegisterUserPayload } from '../../../shared/accounts';
import type { CurrentUser } from '../../../shared/user';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import { api } from '../../platform/http/http';

/** Opens a session (cookie) for this e-mail and password. */
export function login(payload: LoginPayload): Promise<CurrentUser> {
  return api<CurrentUser>('/api/auth/login', { method: 'POST', body: payload });
}

export function registerUser(payload: WithProofOfWork<RegisterUserPayload>): Promise<{ data: { uuid: string } }> {
  return api('/api/fn/users-registerUser', { method: 'POST', body: payload });
}

/** Mails a temporary password, valid one hour (PRODUCT.md, Accounts). */
export function forgotPassword(payload: WithProofOfWork<ForgotPasswordPayload>): Promise<{ data: { sent: true } }> {
  return api('/api/fn/users-forgotPassword', { method: 'POST', body: payload });
}
