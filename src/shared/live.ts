/**
 * Topics announced on GET /api/live. Each change notice names what changed so an open
 * page refetches only the lists it shows.
 */
export const LIVE_TOPICS = ['words', 'counter', 'sports', 'moderation', 'newsletter'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveNotice {
  topic: LiveTopic;
  /** Small, optional detail (ids, progress); NOTIFY payloads must stay under 8 kB. */
  data?: unknown;
}

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}
