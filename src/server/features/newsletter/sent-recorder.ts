import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { markSent, type Outcome } from './deliveries';

export interface SentRecorderOptions {
  db: Kysely<Database>;
  /** A group this large is recorded at once. */
  groupSize: number;
  /** A smaller group waits at most this long. */
  delayMs: number;
  /** Called after each recorded group. */
  onRecorded: () => void;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Marks accepted messages as sent a group at a time: one UPDATE per group instead of one per
 * message, which on the embedded database would queue on its single connection with the
 * claims. The window is acceptable: if the process dies within it, the messages accepted but
 * not yet recorded are sent again once their claim expires. That is the at-least-once
 * trade-off the worker always had for the mails in flight, only wider by one group.
 */
export class SentRecorder {
  private waiting: Outcome[] = [];
  private timer: NodeJS.Timeout | undefined;
  // One statement at a time, in order; never rejects.
  private recorded: Promise<void> = Promise.resolve();

  constructor(private readonly options: SentRecorderOptions) {}

  add(outcome: Outcome) {
    this.waiting.push(outcome);
    if (this.waiting.length >= this.options.groupSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Records every waiting outcome; resolves once they are all written (or failed to be). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.waiting.splice(0);
    if (group.length > 0) this.recorded = this.recorded.then(() => this.record(group));
    return this.recorded;
  }

  private async record(group: Outcome[]) {
    try {
      await markSent(this.options.db, group);
      this.options.onRecorded();
    } catch (error) {
      // Left claimed: the lease runs out and these deliveries are sent again.
      this.options.log?.error({ err: error, count: group.length }, 'newsletter worker: sent deliveries not recorded');
    }
  }
}
