import type { MyWordResponse, WordsResponse } from '../../../shared/words';
import { api } from '../../platform/http/http';

export const fetchWall = () => api<WordsResponse>('/api/words');
export const fetchMyWord = () => api<MyWordResponse>('/api/words/mine');
export const publishWord = (content: string) => api<{ id: string }>('/api/words', { method: 'POST', body: { content } });
