import type { ForgotPasswordPayload, LoginPayload, RegisterUserPayload } from '../../../shared/accounts';
import type { CurrentUser } from '../../../shared/user';
import type { SecondFactorRequired } from '../../../shared/two-factor';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import { api } from '../../platform/http/http';

/**
 * Opens a session (cookie) for this e-mail and password; or, for an account with a second
 * factor, answers the ticket of the second step and opens nothing yet.
 */
export function login(payload: LoginPayload): Promise<CurrentUser | SecondFactorRequired> {
  return api<CurrentUser | SecondFactorRequired>('/api/auth/login', { method: 'POST', body: payload });
}

export const needsSecondFactor = (answer: CurrentUser | SecondFactorRequired): answer is SecondFactorRequired => 'secondFactor' in answer;

/** The second step with an app code or a recovery code: opens the session. */
export function secondFactorWithCode(ticket: string, code: string): Promise<CurrentUser> {
  return api<CurrentUser>('/api/auth/second-factor', { method: 'POST', body: { ticket, code } });
}

export function registerUser(payload: WithProofOfWork<RegisterUserPayload>): Promise<{ data: { uuid: string } }> {
  return api('/api/fn/users-registerUser', { method: 'POST', body: payload });
}

/** Mails a temporary password, valid one hour (PRODUCT.md, Accounts). */
export function forgotPassword(payload: WithProofOfWork<ForgotPasswordPayload>): Promise<{ data: { sent: true } }> {
  return api('/api/fn/users-forgotPassword', { method: 'POST', body: payload });
}
