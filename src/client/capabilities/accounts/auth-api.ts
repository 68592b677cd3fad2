import type {
  ForgotPasswordPayload,
  LoginPayload,
  RegisterOrganisationPayload,
  RegisterOrganisationResult,
  RegisterUserPayload,
} from '../../../shared/accounts';
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

/** Creates the account, or, when an unproven account holds the address, mails a claim (decision 0026). */
export function registerOrganisation(payload: WithProofOfWork<RegisterOrganisationPayload>): Promise<{ data: RegisterOrganisationResult }> {
  return api('/api/fn/users-registerOrganisation', { method: 'POST', body: payload });
}

/** Mails a temporary password, valid one hour (PRODUCT.md, Accounts). */
export function forgotPassword(payload: WithProofOfWork<ForgotPasswordPayload>): Promise<{ data: { sent: true } }> {
  return api('/api/fn/users-forgotPassword', { method: 'POST', body: payload });
}
