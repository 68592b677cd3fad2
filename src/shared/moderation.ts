/** Pending items come this many at a time, oldest first. */
export const MODERATION_PAGE_SIZE = 50;

export interface PendingWord {
  id: string;
  content: string;
  author: string;
  createdAt: string;
}

export interface PendingSport {
  id: string;
  name: string;
  emoji: string;
  submittedBy: string;
  createdAt: string;
}

export interface PublishedWord {
  id: string;
  content: string;
  author: string;
  vip: boolean;
  publishedAt: string;
}

/**
 * One page of a pending list. `total` counts every pending item of the list; `next` is the
 * cursor of the following page (GET /api/admin/moderation/{words,sports}?after=…), null on
 * the last one.
 */
export interface PendingPage<T> {
  items: T[];
  total: number;
  next: string | null;
}

/** Published words come this many at a time, newest first. */
export const PUBLISHED_PAGE_SIZE = 25;

/**
 * A page of published words; `next` is the cursor of the following page
 * (GET /api/admin/moderation/published?after=…), null on the last one. No total: it would
 * count the whole wall on every load.
 */
export interface PublishedPage {
  items: PublishedWord[];
  next: string | null;
}

/** GET /api/admin/moderation (PRODUCT.md /admin/moderation): the first page of each list. */
export interface ModerationQueue {
  pendingWords: PendingPage<PendingWord>;
  pendingSports: PendingPage<PendingSport>;
  /** Published words, newest first, for the VIP toggle and unpublishing. */
  publishedWords: PublishedPage;
}

/** A bulk action takes at most this many words and as many sports; the page sends more in turns. */
export const MODERATION_BULK_MAX = 500;

export type BulkModerationAction = 'approve' | 'refuse';

/** POST /api/admin/moderation/bulk: the selected pending items, approved or refused together. */
export interface BulkModerationPayload {
  action: BulkModerationAction;
  words: string[];
  sports: string[];
}

/**
 * What a bulk action did: `done` items changed by this request, `alreadyDone` no longer
 * pending when it ran (another moderator was faster).
 */
export interface BulkModerationResult {
  done: number;
  alreadyDone: number;
}

/**
 * 'Annuler' stays this long after an item is approved or refused. A refusal deletes, so the
 * page sends it only once this time is over (or as it is left); an approval is sent at once and
 * taken back by POST /api/admin/{words,sports}/:id/unapprove (decision 0037).
 */
export const MODERATION_UNDO_MS = 8_000;

/** How long after an approval the server still takes it back: the undo's time and room for a slow network. */
export const MODERATION_UNAPPROVE_WINDOW_MS = 60_000;

/** The daily digest goes from this hour on, French time, once per French day at most. */
export const DIGEST_HOUR = 8;
export const DIGEST_TIME_ZONE = 'Europe/Paris';

/** GET and PUT /api/admin/moderation/digest: the daily digest mail, for the account page. */
export interface ModerationDigestPreference {
  subscribed: boolean;
}
