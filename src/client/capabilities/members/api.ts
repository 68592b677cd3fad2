import type { MemberDetail, MemberPage, MemberSearch } from '../../../shared/members';
import type { Role } from '../../../shared/permissions';
import { api } from '../../platform/http/http';

/** The search as the URL of the list page and of the API both carry it (empty values left out). */
export function searchParams(search: MemberSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value) params.set(key, String(value));
  return params;
}

export function searchMembers(search: MemberSearch, signal?: AbortSignal): Promise<MemberPage> {
  const query = searchParams(search).toString();
  return api<MemberPage>(`/api/admin/members${query ? `?${query}` : ''}`, { signal });
}

export function getMember(id: string, signal?: AbortSignal): Promise<MemberDetail> {
  return api<MemberDetail>(`/api/admin/members/${encodeURIComponent(id)}`, { signal });
}

export function setMemberRole(id: string, role: Role, granted: boolean): Promise<MemberDetail> {
  return api<MemberDetail>(`/api/admin/members/${encodeURIComponent(id)}/roles`, { method: 'POST', body: { role, granted } });
}

export function setMemberSuspension(id: string, suspended: boolean): Promise<MemberDetail> {
  return api<MemberDetail>(`/api/admin/members/${encodeURIComponent(id)}/suspension`, { method: 'POST', body: { suspended } });
}

/** The member lost their phone and recovery codes: their app, codes and passkeys go (decision 0046). */
export function resetSecondFactor(id: string): Promise<MemberDetail> {
  return api<MemberDetail>(`/api/admin/members/${encodeURIComponent(id)}/two-factor/reset`, { method: 'POST', body: {} });
}

export function deleteMember(id: string): Promise<unknown> {
  return api(`/api/admin/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
