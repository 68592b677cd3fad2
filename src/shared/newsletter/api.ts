/**
 * Request and response shapes of the newsletter API (spec §3 "Newsletter payload", §7
 * newsletter-sendTest, newsletter-send, newsletter-unsubscribe), shared by the editor and
 * the server.
 */

/** Spec §7: 'organisations', 'users', or absent for both. */
export const NEWSLETTER_FILTERS = ['organisations', 'users'] as const;
export type NewsletterFilter = (typeof NEWSLETTER_FILTERS)[number];

export interface NewsletterContent {
  /** Markdown. */
  letter: string;
  /** The e-mail's subject and heading. */
  title: string;
  /** The preheader mail apps show next to the subject. */
  desc: string;
}

/** POST /api/fn/newsletter-send → { data: NewsletterQueued } (admin). */
export interface SendNewsletterPayload extends NewsletterContent {
  filter?: NewsletterFilter;
  /**
   * Random, one per confirmed sending: a request repeated with the same key (a double click,
   * a retry after a lost answer) gets the newsletter the first one queued, not a second one.
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_KEY_MIN_LENGTH = 16;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;

export interface NewsletterQueued {
  newsletterId: string;
  /** Recipients frozen when sending started. */
  total: number;
}

/** POST /api/fn/newsletter-sendTest → { data: { sent: true } } (admin). */
export interface SendTestPayload extends Omit<SendNewsletterPayload, 'idempotencyKey'> {
  /** Where the test goes. */
  email: string;
  /** The account the test is personalised for (greeting, unsubscribe link). */
  userId: string;
}

/** POST /api/fn/newsletter-unsubscribe → { data: { unsubscribed: true } } (the member, or an admin). */
export interface UnsubscribePayload {
  userId: string;
}

/** PUT /api/account/newsletter → NewsletterPreference (the signed-in member). */
export interface NewsletterPreference {
  subscribed: boolean;
}

/** POST /api/admin/newsletter/preview with NewsletterContent: the e-mail as the admin would get it. */
export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
}

/** GET /api/admin/newsletter/recipients?filter=… */
export interface RecipientCount {
  count: number;
  /** Subscribed and verified, but refused for good by their server: left out (decision 0019). */
  undeliverable: number;
}

/** One newsletter of GET /api/admin/newsletters, with its delivery counts. */
export interface NewsletterSummary {
  id: string;
  title: string;
  description: string;
  filter: NewsletterFilter | null;
  createdAt: string;
  total: number;
  sent: number;
  failed: number;
  /** Not sent yet (waiting, being sent, or waiting for a retry). */
  pending: number;
}

export interface NewsletterHistory {
  newsletters: NewsletterSummary[];
}

/** Spec §9: the editor's result message disappears after this. */
export const NEWSLETTER_MESSAGE_MS = 5000;
