import type { LegalNotice } from '../../../shared/legal-notice';
import type { PublicAmounts } from '../../../shared/surveys';
import { api } from '../../platform/http/http';

export function getAdminSettings(signal?: AbortSignal): Promise<PublicAmounts> {
  return api<PublicAmounts>('/api/admin/settings', { signal });
}

export function saveAdminSettings(amounts: PublicAmounts): Promise<PublicAmounts> {
  return api<PublicAmounts>('/api/admin/settings', { method: 'PUT', body: amounts });
}


export function getLegalNotice(signal?: AbortSignal): Promise<LegalNotice> {
  return api<LegalNotice>('/api/legal-notice', { signal });
}

export function getAdminLegalNotice(signal?: AbortSignal): Promise<LegalNotice> {
  return api<LegalNotice>('/api/admin/settings/legal-notice', { signal });
}

export function saveAdminLegalNotice(notice: LegalNotice): Promise<LegalNotice> {
  return api<LegalNotice>('/api/admin/settings/legal-notice', { method: 'PUT', body: notice });
}
