import type { EventReportPayload, EventReportsResponse } from '../../../shared/event-report';
import { api } from '../../api/http';

export function sendEventReport(payload: EventReportPayload): Promise<{ id: string }> {
  return api<{ id: string }>('/api/event-reports', { method: 'POST', body: payload });
}

export function getEventReports(signal?: AbortSignal): Promise<EventReportsResponse> {
  return api<EventReportsResponse>('/api/admin/event-reports', { signal });
}
