import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { markSent, type Outcome } from './deliveries';

interface SentRecorderOptions {
  db: Kysely<Database>;
  /** A group this large is recorded at once. */
  groupSize: number;
  /** A smaller group waits at most this long. */
  delayMs: number;
  /** Called after each recorded group. */
  onRecorded: () => void;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

interface Group {
  newsletterId: string;
  token: string;
  userIds: string[];
  timer: NodeJS.Timeout;
}

/**
 * Marks accepted messages as sent a group at a time: one UPDATE per group instead of one per
 * message, which on the embedded database would queue on its single connection with the
 * claims. A group holds the messages of one claim and one newsletter, so its statement finds
 * its rows by primary key (see markSent); a claim sent at full speed is one group.
 * The window is acceptable: if the process dies within it, the messages accepted but not yet
 * recorded are sent again once their claim expires. That is the at-least-once trade-off the
 * worker always had for the mails in flight, only wider by the groups filling up.
 */
export class SentRecorder {
  private readonly waiting = new Map<string, Group>();
  // One statement at a time, in order; never rejects.
  private recorded: Promise<void> = Promise.resolve();

  constructor(private readonly options: SentRecorderOptions) {}

  add({ newsletterId, token, userId }: Outcome) {
    const key = `${newsletterId} ${token}`;
    let group = this.waiting.get(key);
    if (!group) {
      group = { newsletterId, token, userIds: [], timer: setTimeout(() => void this.flushGroup(key), this.options.delayMs) };
      this.waiting.set(key, group);
    }
    group.userIds.push(userId);
    if (group.userIds.length >= this.options.groupSize) void this.flushGroup(key);
  }

  /** Records every waiting outcome; resolves once they are all written (or failed to be). */
  flush(): Promise<void> {
    for (const key of [...this.waiting.keys()]) void this.flushGroup(key);
    return this.recorded;
  }

  private flushGroup(key: string): Promise<void> {
    const group = this.waiting.get(key);
    if (group) {
      this.waiting.delete(key);
      clearTimeout(group.timer);
      this.recorded = this.recorded.then(() => this.record(group));
    }
    return this.recorded;
  }

  private async record({ newsletterId, token, userIds }: Group) {
    try {
      await markSent(this.options.db, { newsletterId, token, userIds });
      this.options.onRecorded();
    } catch (error) {
      // Left claimed: the lease runs out and these deliveries are sent again.
      this.options.log?.error({ err: error, count: userIds.length }, 'newsletter worker: sent deliveries not recorded');
    }
  }
}
