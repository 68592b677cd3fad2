import type { AdminOrganisationsResponse, OrganisationListItem, RegisterOrganisationPayload, RegisterOrganisationResult } from '../../../shared/organisations';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import { api } from '../../platform/http/http';

/** Spec §7 users-getOrganisations: the registered organisations, oldest first. */
export async function getOrganisations(signal?: AbortSignal): Promise<OrganisationListItem[]> {
  const { data } = await api<{ data: OrganisationListItem[] }>('/api/fn/users-getOrganisations', { method: 'POST', body: {}, signal });
  return data;
}

/** Creates the account, or, when an unproven account holds the address, mails a claim (decision 0026). */
export function registerOrganisation(payload: WithProofOfWork<RegisterOrganisationPayload>): Promise<{ data: RegisterOrganisationResult }> {
  return api('/api/fn/users-registerOrganisation', { method: 'POST', body: payload });
}

export function getAdminOrganisations(signal?: AbortSignal): Promise<AdminOrganisationsResponse> {
  return api<AdminOrganisationsResponse>('/api/admin/organisations', { signal });
}

export function allowOrganisationEmail(email: string): Promise<unknown> {
  return api('/api/admin/organisations/allowlist', { method: 'POST', body: { email } });
}

export function removeOrganisationEmail(email: string): Promise<unknown> {
  return api(`/api/admin/organisations/allowlist/${encodeURIComponent(email)}`, { method: 'DELETE', body: {} });
}
