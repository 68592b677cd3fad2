import type { OrganisationListItem } from '../../../shared/accounts';
import { api } from '../../platform/http/http';

/** Spec §7 users-getOrganisations: the registered organisations, oldest first. */
export async function getOrganisations(signal?: AbortSignal): Promise<OrganisationListItem[]> {
  const { data } = await api<{ data: OrganisationListItem[] }>('/api/fn/users-getOrganisations', { method: 'POST', body: {}, signal });
  return data;
}
