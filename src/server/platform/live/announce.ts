import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isLiveTopic, type LiveNotice, type LiveTopic } from '../../../shared/live';
import type { Database } from '../db/schema';

export const LIVE_CHANNEL = 'site_changes';

/** A notice as it travels on LIVE_CHANNEL: written here only (announce, noticeExpression), and read by readNotice. */
function noticeText(topic: LiveTopic, data?: unknown): string {
  const notice: LiveNotice = data === undefined ? { topic } : { topic, data };
  return JSON.stringify(notice);
}

/**
 * Tells every server instance (and so every open page) that something changed. Called with
 * a transaction, the notice is delivered only if that transaction commits.
 */
export async function announce(db: Kysely<Database>, topic: LiveTopic, data?: unknown) {
  await sql`select ${noticeExpression(topic, data)}`.execute(db);
}

/** The notice as an expression, for a statement that writes and tells at once. */
export function noticeExpression(topic: LiveTopic, data?: unknown): RawBuilder<unknown> {
  return sql`pg_notify(${LIVE_CHANNEL}, ${noticeText(topic, data)})`;
}

/**
 * `{"lostRights": "<user id>"}`: an account was suspended, lost a role or was deleted. The
 * database sends it itself, from a trigger on `users` (migration users_lost_rights), on the
 * same channel and at the same commit, whatever statement made the change. It is no topic:
 * each instance ends that member's open streams, and no page ever receives it.
 */
interface LostRightsNotice {
  lostRights: string;
}

/**
 * `{"endedSession": "<session id>"}`: a session that had not expired was deleted (signed out,
 * ended from the member's sessions list, a password change…). Sent by a trigger on
 * `sessions` (migration sessions_ended), as lostRights is: each instance ends that session's
 * open streams.
 */
interface EndedSessionNotice {
  endedSession: string;
}

/** A payload heard on LIVE_CHANNEL, or undefined for anything else. */
export function readNotice(payload: string): LiveNotice | LostRightsNotice | EndedSessionNotice | undefined {
  let notice: Partial<LiveNotice & LostRightsNotice & EndedSessionNotice> | null;
  try {
    notice = JSON.parse(payload) as typeof notice;
  } catch {
    return undefined;
  }
  if (typeof notice?.lostRights === 'string') return { lostRights: notice.lostRights };
  if (typeof notice?.endedSession === 'string') return { endedSession: notice.endedSession };
  if (isLiveTopic(notice?.topic)) return notice as LiveNotice;
  return undefined;
}
