import type { PublicAmounts } from '../../../shared/surveys';
import { api } from '../../platform/http/http';

export function getAdminSettings(signal?: AbortSignal): Promise<PublicAmounts> {
  return api<PublicAmounts>('/api/admin/settings', { signal });
}

export function saveAdminSettings(amounts: PublicAmounts): Promise<PublicAmounts> {
  return api<PublicAmounts>('/api/admin/settings', { method: 'PUT', body: amounts });
}

