import type { WikiArticleId, WikiFeedbackCounts, WikiFeedbackPayload, WikiFeedbackResponse } from '../../../shared/wiki';
import { api } from '../../platform/http/http';

export function sendWikiFeedback(articleId: WikiArticleId, payload: WikiFeedbackPayload): Promise<WikiFeedbackResponse> {
  return api<WikiFeedbackResponse>(`/api/wiki/${articleId}/feedback`, { method: 'POST', body: payload });
}

export function getWikiFeedbackCounts(signal?: AbortSignal): Promise<WikiFeedbackCounts> {
  return api<WikiFeedbackCounts>('/api/admin/wiki-feedback', { signal });
}
