import type { AdminHealth, AdminStatistics, AdminSummary } from '../../../shared/dashboard';
import { api } from '../../platform/http/http';

export type { AdminSummary };

export function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return api<AdminSummary>('/api/admin/summary', { signal });
}

export type { AdminHealth };

export function getAdminHealth(signal?: AbortSignal): Promise<AdminHealth> {
  return api<AdminHealth>('/api/admin/health', { signal });
}

export type { AdminStatistics };

export function getAdminStatistics(signal?: AbortSignal): Promise<AdminStatistics> {
  return api<AdminStatistics>('/api/admin/statistics', { signal });
}
