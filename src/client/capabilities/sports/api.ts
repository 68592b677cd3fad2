import type { MyReactionsResponse, Reaction, ReactionResult, SportsResponse } from '../../../shared/sports';
import { api } from '../../platform/http/http';

export const fetchSports = () => api<SportsResponse>('/api/sports');
export const fetchMyReactions = () => api<MyReactionsResponse>('/api/sports/mine');
export const react = (sportId: string, reaction: Reaction) =>
  api<ReactionResult>(`/api/sports/${encodeURIComponent(sportId)}/reaction`, { method: 'POST', body: { reaction } });
export const suggestSport = (name: string, emoji: string) => api<{ id: string }>('/api/sports', { method: 'POST', body: { name, emoji } });
export const isSportTaken = (name: string, signal: AbortSignal) =>
  api<{ taken: boolean }>(`/api/sports/check?name=${encodeURIComponent(name)}`, { signal }).then((result) => result.taken);
