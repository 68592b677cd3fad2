import type {
  BulkModerationPayload,
  BulkModerationResult,
  ModerationDigestPreference,
  ModerationQueue,
  PendingPage,
  PendingSport,
  PendingWord,
  PublishedPage,
} from '../../../shared/moderation';
import { api } from '../../platform/http/http';

export const fetchQueue = () => api<ModerationQueue>('/api/admin/moderation');
export const fetchPendingWords = (after: string) => api<PendingPage<PendingWord>>(`/api/admin/moderation/words?after=${encodeURIComponent(after)}`);
export const fetchPendingSports = (after: string) => api<PendingPage<PendingSport>>(`/api/admin/moderation/sports?after=${encodeURIComponent(after)}`);
export const fetchPublishedWords = (after: string) => api<PublishedPage>(`/api/admin/moderation/published?after=${encodeURIComponent(after)}`);
const post = (path: string, body: object = {}, keepalive = false) => api<void>(path, { method: 'POST', body, keepalive });
export const approveWord = (id: string) => post(`/api/admin/words/${id}/approve`);
export const unapproveWord = (id: string) => post(`/api/admin/words/${id}/unapprove`);
/** `keepalive`: a held refusal sent as the page is left (decision 0037). */
export const refuseWord = (id: string, keepalive?: boolean) => post(`/api/admin/words/${id}/refuse`, {}, keepalive);
export const withdrawWord = (id: string) => post(`/api/admin/words/${id}/withdraw`);
export const setWordVip = (id: string, vip: boolean) => post(`/api/admin/words/${id}/vip`, { vip });
export const approveSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/approve`);
export const unapproveSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/unapprove`);
export const refuseSport = (id: string, keepalive?: boolean) => post(`/api/admin/sports/${encodeURIComponent(id)}/refuse`, {}, keepalive);
export const moderateInBulk = (payload: BulkModerationPayload) =>
  api<BulkModerationResult>('/api/admin/moderation/bulk', { method: 'POST', body: payload });
export const fetchDigestPreference = (signal?: AbortSignal) => api<ModerationDigestPreference>('/api/admin/moderation/digest', { signal });
export const setDigestPreference = (subscribed: boolean) =>
  api<ModerationDigestPreference>('/api/admin/moderation/digest', { method: 'PUT', body: { subscribed } });
