import type { TextConflict, TextDetail, TextDraft, TextEdit, TextHistory, TextList, TextVersion } from '../../../shared/texts';
import { api, ApiError } from '../../platform/http/http';

const path = (id: string) => `/api/admin/texts/${encodeURIComponent(id)}`;

export function getTexts(signal?: AbortSignal): Promise<TextList> {
  return api('/api/admin/texts', { signal });
}

export function getText(id: string, signal?: AbortSignal): Promise<TextDetail> {
  return api(path(id), { signal });
}

/** keepalive: a save sent as the tab closes still reaches the server. */
export function saveTextDraft(id: string, edit: TextEdit, { keepalive = false } = {}): Promise<TextDraft> {
  return api(`${path(id)}/draft`, { method: 'PUT', body: edit, keepalive });
}

export function publishText(id: string, edit: TextEdit): Promise<TextDetail> {
  return api(`${path(id)}/publish`, { method: 'POST', body: edit });
}

export function getTextHistory(id: string, signal?: AbortSignal): Promise<TextHistory> {
  return api(`${path(id)}/versions`, { signal });
}

export function getTextVersion(id: string, version: number, signal?: AbortSignal): Promise<TextVersion> {
  return api(`${path(id)}/versions/${version}`, { signal });
}

export function restoreTextVersion(id: string, version: number): Promise<TextDetail> {
  return api(`${path(id)}/versions/${version}/restore`, { method: 'POST', body: {} });
}

/** The version online when a publication was refused because someone published meanwhile. */
export function conflictOf(error: unknown): TextVersion | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'texts/conflict') return undefined;
  return (error.payload as TextConflict | undefined)?.current;
}
