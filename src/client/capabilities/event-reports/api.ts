import type { EventReportPayload, EventReportsResponse } from '../../../shared/event-reports';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import { api } from '../../platform/http/http';

export function sendEventReport(payload: WithProofOfWork<EventReportPayload>): Promise<{ id: string }> {
  return api<{ id: string }>('/api/event-reports', { method: 'POST', body: payload });
}

export function getEventReports(signal?: AbortSignal): Promise<EventReportsResponse> {
  return api<EventReportsResponse>('/api/admin/event-reports', { signal });
}
