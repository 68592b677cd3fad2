import type { JournalActors, JournalKind, JournalPage } from '../../../shared/journal';
import { api } from '../../platform/http/http';

export interface JournalFilters {
  actor?: string;
  kind?: JournalKind;
}

export function getJournal(filters: JournalFilters, before?: string, signal?: AbortSignal): Promise<JournalPage> {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.kind) params.set('kind', filters.kind);
  if (before) params.set('before', before);
  const query = params.toString();
  return api<JournalPage>(`/api/admin/journal${query ? `?${query}` : ''}`, { signal });
}

export function getJournalActors(signal?: AbortSignal): Promise<JournalActors> {
  return api<JournalActors>('/api/admin/journal/actors', { signal });
}
