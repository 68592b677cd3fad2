import type { AdminOrganisationsResponse } from '../../../shared/accounts';
import type { AdminSummary as ModerationSummary } from '../../../shared/moderation';
import { api } from '../../api/http';

/** What waits for the admin (GET /api/admin/summary); event reports once that feature counts them. */
export interface AdminSummary extends ModerationSummary {
  eventReports?: number;
}

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
