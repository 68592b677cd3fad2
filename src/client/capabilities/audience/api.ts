import type { AudienceReport } from '../../../shared/audience';
import { api } from '../../platform/http/http';

export type { AudienceReport };

export function getAudienceReport(signal?: AbortSignal): Promise<AudienceReport> {
  return api<AudienceReport>('/api/admin/audience', { signal });
}
