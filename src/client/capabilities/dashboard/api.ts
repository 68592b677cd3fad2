import type { AdminHealth, AdminSummary } from '../../../shared/dashboard';
import { api } from '../../platform/http/http';

export type { AdminSummary };

export function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return api<AdminSummary>('/api/admin/summary', { signal });
}

export type { AdminHealth };

export function getAdminHealth(signal?: AbortSignal): Promise<AdminHealth> {
  return api<AdminHealth>('/api/admin/health', { signal });
}
