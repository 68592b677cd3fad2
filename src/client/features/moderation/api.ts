import type { ModerationQueue } from '../../../shared/moderation';
import { api } from '../../api/http';

export const fetchQueue = () => api<ModerationQueue>('/api/admin/moderation');
const post = (path: string, body: object = {}) => api<void>(path, { method: 'POST', body });
export const approveWord = (id: string) => post(`/api/admin/words/${id}/approve`);
export const refuseWord = (id: string) => post(`/api/admin/words/${id}/refuse`);
export const setWordVip = (id: string, vip: boolean) => post(`/api/admin/words/${id}/vip`, { vip });
export const approveSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/approve`);
export const refuseSport = (id: string) => post(`/api/admin/sports/${encodeURIComponent(id)}/refuse`);
