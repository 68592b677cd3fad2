import { isApiErrorBody } from '../../../shared/api-error';
import { messageForCode } from '../../../shared/messages';
import type {
  NewWikiArticle,
  WikiAdminArticles,
  WikiArticleId,
  WikiArticlePage,
  WikiFeedbackCounts,
  WikiFeedbackPayload,
  WikiFeedbackResponse,
  WikiImage,
  WikiMenu,
  WikiSearchSection,
} from '../../../shared/wiki';
import { api, ApiError } from '../../platform/http/http';

export function sendWikiFeedback(articleId: WikiArticleId, payload: WikiFeedbackPayload): Promise<WikiFeedbackResponse> {
  return api<WikiFeedbackResponse>(`/api/wiki/${articleId}/feedback`, { method: 'POST', body: payload });
}

export function getWikiFeedbackCounts(signal?: AbortSignal): Promise<WikiFeedbackCounts> {
  return api<WikiFeedbackCounts>('/api/admin/wiki-feedback', { signal });
}

export function getWikiMenu(signal?: AbortSignal): Promise<WikiMenu> {
  return api<WikiMenu>('/api/wiki', { signal });
}

export function getWikiArticle(id: WikiArticleId, signal?: AbortSignal): Promise<WikiArticlePage> {
  return api<WikiArticlePage>(`/api/wiki/articles/${encodeURIComponent(id)}`, { signal });
}

export function getWikiSearchIndex(): Promise<{ sections: WikiSearchSection[] }> {
  return api<{ sections: WikiSearchSection[] }>('/api/wiki/search-index');
}

export function getWikiAdminArticles(signal?: AbortSignal): Promise<WikiAdminArticles> {
  return api<WikiAdminArticles>('/api/admin/wiki/articles', { signal });
}

export function createWikiArticle(article: NewWikiArticle): Promise<WikiAdminArticles> {
  return api<WikiAdminArticles>('/api/admin/wiki/articles', { method: 'POST', body: article });
}

export function setWikiArticleHidden(id: WikiArticleId, hidden: boolean): Promise<WikiAdminArticles> {
  return api<WikiAdminArticles>(`/api/admin/wiki/articles/${encodeURIComponent(id)}/visibility`, { method: 'PUT', body: { hidden } });
}

export function reorderWiki(ids: WikiArticleId[]): Promise<WikiAdminArticles> {
  return api<WikiAdminArticles>('/api/admin/wiki/order', { method: 'PUT', body: { ids } });
}

/** The image as the raw body with its own content type, which api() (JSON only) cannot send; errors come back as from api(). */
export async function uploadWikiImage(file: File, alt: string): Promise<WikiImage> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/wiki/images?alt=${encodeURIComponent(alt)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'http/network', messageForCode('http/network'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message);
    throw new ApiError(response.status, 'http/internal', messageForCode('http/internal'));
  }
  return payload as WikiImage;
}
