import type { AdminOrganisationsResponse } from '../../../shared/accounts';
import type { AdminSummary } from '../../../shared/moderation';
import { api } from '../../platform/http/http';

export type { AdminSummary };

export function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return api<AdminSummary>('/api/admin/summary', { signal });
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
