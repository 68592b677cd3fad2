import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Capability } from '../capability';
import type { Database } from '../db/schema';
import { purgeSpentChallenges } from '../anti-bot/proof-of-work';
import { pruneOutbox } from './outbox';

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
  return counts;
}

const EVERY_MS = 24 * 60 * 60 * 1000;

interface RetentionJob {
  /** Resolves once a run in progress has ended, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs applyRetention now and every 24 hours, on each instance, and prunes the mail outbox
 * (outbox.ts) when there is one; logs the counts only.
 */
export function startRetention(
  db: Kysely<Database>,
  capabilities: Capability[],
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  outboxDir?: string,
): RetentionJob {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    const pruning = outboxDir ? pruneOutbox(outboxDir) : Promise.resolve(0);
    running = Promise.all([applyRetention(db, capabilities), pruning]).then(
      ([counts, outboxMails]) => log.info({ retention: { ...counts, outboxMails } }, 'retention applied'),
      (error: unknown) => log.error({ err: error }, 'retention failed'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
