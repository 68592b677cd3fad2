import type { MyReactionsResponse, Reaction, ReactionResult, SportCheck, SportsResponse } from '../../../shared/sports';
import { api } from '../../platform/http/http';

export const fetchSports = () => api<SportsResponse>('/api/sports');
export const fetchMyReactions = () => api<MyReactionsResponse>('/api/sports/mine');
export const react = (sportId: string, reaction: Reaction) =>
  api<ReactionResult>(`/api/sports/${encodeURIComponent(sportId)}/reaction`, { method: 'POST', body: { reaction } });
export const suggestSport = (name: string, emoji: string) => api<{ id: string }>('/api/sports', { method: 'POST', body: { name, emoji } });
export const checkSportName = (name: string, signal: AbortSignal) => api<SportCheck>(`/api/sports/check?name=${encodeURIComponent(name)}`, { signal });

/** The hash of a sport's row on /vote: where a link to it leads. */
export const sportAnchor = (id: string) => `sport-${encodeURIComponent(id)}`;
