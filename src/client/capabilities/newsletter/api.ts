import type {
  NewsletterContent,
  NewsletterFilter,
  NewsletterHistory,
  NewsletterPreference,
  NewsletterPreview,
  NewsletterQueued,
  RecipientCount,
  SendNewsletterPayload,
  SendTestPayload,
} from '../../../shared/newsletter/api';
import { api } from '../../platform/http/http';

export function sendTestNewsletter(payload: SendTestPayload): Promise<{ data: { sent: true } }> {
  return api('/api/fn/newsletter-sendTest', { method: 'POST', body: payload });
}

/** 32 random hex digits for newsletter-send; getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function sendNewsletter(payload: SendNewsletterPayload): Promise<{ data: NewsletterQueued }> {
  return api('/api/fn/newsletter-send', { method: 'POST', body: payload });
}

export function previewNewsletter(content: NewsletterContent, signal?: AbortSignal): Promise<NewsletterPreview> {
  return api('/api/admin/newsletter/preview', { method: 'POST', body: content, signal });
}

export function countRecipients(filter: NewsletterFilter | undefined): Promise<RecipientCount> {
  return api(`/api/admin/newsletter/recipients${filter ? `?filter=${filter}` : ''}`);
}

export function getNewsletterHistory(signal?: AbortSignal): Promise<NewsletterHistory> {
  return api('/api/admin/newsletters', { signal });
}

export function unsubscribeFromNewsletter(userId: string): Promise<{ data: { unsubscribed: true } }> {
  return api('/api/fn/newsletter-unsubscribe', { method: 'POST', body: { userId } });
}

export function setNewsletterPreference(subscribed: boolean): Promise<NewsletterPreference> {
  return api('/api/account/newsletter', { method: 'PUT', body: { subscribed } });
}
