import type { Permission } from './permissions';

/**
 * Topics announced on GET /api/live. Each change notice names what changed so an open
 * page refetches only the lists it shows, and its stream carries only the topics it asks for.
 */
export const PUBLIC_LIVE_TOPICS = ['words', 'counter', 'sports', 'legal-notice', 'texts'] as const;
/** Only admin pages follow these: they tell of pending moderation and newsletter sendings. */
export const ADMIN_LIVE_TOPICS = ['moderation', 'newsletter'] as const;
/** The permission (shared/permissions.ts) a stream needs to follow each staff topic. */
export const ADMIN_LIVE_TOPIC_PERMISSIONS: Readonly<Record<(typeof ADMIN_LIVE_TOPICS)[number], Permission>> = {
  moderation: 'moderate',
  newsletter: 'administer',
};
export const LIVE_TOPICS = [...PUBLIC_LIVE_TOPICS, ...ADMIN_LIVE_TOPICS] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveNotice {
  topic: LiveTopic;
  /** Small, optional detail (ids, progress); NOTIFY payloads must stay under 8 kB. */
  data?: unknown;
}

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}

export function isAdminLiveTopic(topic: LiveTopic): topic is (typeof ADMIN_LIVE_TOPICS)[number] {
  return (ADMIN_LIVE_TOPICS as readonly string[]).includes(topic);
}
