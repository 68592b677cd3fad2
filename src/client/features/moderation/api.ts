import type { ModerationQueue, PendingPage, PendingSport, PendingWord } from '../../../shared/moderation';
import { api } from '../../api/http';

export const fetchQueue = () => api<ModerationQueue>('/api/admin/moderation');
export const fetchPendingWords = (after: string) => api<PendingPage<PendingWord>>(`/api/admin/moderation/words?after=${encodeURIComponent(after)}`);
export const fetchPendingSports = (after: string) => api<PendingPage<PendingSport>>(`/api/admin/moderation/sports?after=${encodeURIComponent(after)}`);
const post = (path: string, body: object = {}) => api<void>(path, { method: 'POST', body });
export const approveWord = (id: string) => post(`/api/admin/words/${id}/approve`);
export const refuseWord = (id: string) => post(`/api/admin/words/${id}/refuse`);
export const setWordVip = (id: string, vip: boolean) => post(`/api/admin/words/${id}/vip`, { vip });
export const approveSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/approve`);
export const refuseSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/refuse`);
