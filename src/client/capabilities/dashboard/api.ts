import type { AdminSummary } from '../../../shared/moderation';
import { api } from '../../platform/http/http';

export type { AdminSummary };

export function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return api<AdminSummary>('/api/admin/summary', { signal });
}
