import type { AdminSummary } from '../../../shared/dashboard';
import { api } from '../../platform/http/http';

export type { AdminSummary };

export function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return api<AdminSummary>('/api/admin/summary', { signal });
}
