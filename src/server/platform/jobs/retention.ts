import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Capability } from '../capability';
import type { Database } from '../db/schema';
import { purgeSpentChallenges } from '../anti-bot/proof-of-work';
import { purgeRequestCounts } from '../http/request-counts';
import { pruneOutbox } from './outbox';
import { every, type Job } from './scheduler';

/** Rows removed (or made anonymous) per category by one run. */
type RetentionCounts = Record<string, number>;

/**
 * The retention periods of the privacy policy (content/privacy-policy.md §3): each capability
 * declares its categories (decision 0015 says which table falls under which, and why the
 * others hold none), run here one after the other in the capabilities' order, then the
 * platform's own.
 */
export async function applyRetention(db: Kysely<Database>, capabilities: Capability[]): Promise<RetentionCounts> {
  const counts: RetentionCounts = {};
  for (const capability of capabilities) {
    for (const [category, step] of Object.entries(capability.retention ?? {})) counts[category] = await step(db);
  }
  // Spent anti-bot challenges: until the challenge expires (30 minutes, decision 0023).
  counts.spentChallenges = await purgeSpentChallenges(db);
  // Request counts whose window ended (an hour at most): no check reads them again.
  counts.requestCounts = await purgeRequestCounts(db);
  return counts;
}

/**
 * Applies the retention periods now and every 24 hours, on each instance, and prunes the mail
 * outbox (outbox.ts) when there is one; logs the counts only.
 */
export function retentionJob(
  db: Kysely<Database>,
  capabilities: Capability[],
  log: Pick<FastifyBaseLogger, 'info'>,
  outboxDir?: string,
): Job {
  return {
    name: 'retention',
    next: every(24 * 60 * 60 * 1000),
    async run() {
      const [counts, outboxMails] = await Promise.all([applyRetention(db, capabilities), outboxDir ? pruneOutbox(outboxDir) : 0]);
      log.info({ retention: { ...counts, outboxMails } }, 'retention applied');
    },
  };
}
