import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { announce } from '../live/announce';
import { claimDeliveries, markFailed, markSent, releaseClaim, type ClaimedDelivery } from './deliveries';
import { newsletterMail, prepareLetter, type PreparedLetter } from './mail';
import { unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

export interface WorkerSettings {
  /** Messages handed to the SMTP pool at once (the pool keeps 5 connections). */
  concurrency: number;
  /** Messages started per second by this worker, at most. */
  ratePerSecond: number;
  /** Attempts per recipient before the delivery is recorded as failed. */
  maxAttempts: number;
  /** Wait before the first retry; it doubles for each later one. */
  retryDelayMs: number;
  /** How long a claim holds: after it, the claimed rows are taken again (their worker died). */
  leaseMs: number;
  /** An SMTP exchange that takes longer counts as a failed attempt; well under the lease. */
  sendTimeoutMs: number;
  /** How often an idle worker looks for due deliveries (retries, other instances' work). */
  pollMs: number;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  concurrency: 5,
  ratePerSecond: 10,
  maxAttempts: 3,
  retryDelayMs: 60_000,
  leaseMs: 120_000,
  sendTimeoutMs: 30_000,
  pollMs: 2_000,
};

export interface WorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  site: PublicConfig;
  log?: Pick<FastifyBaseLogger, 'error'>;
  settings?: Partial<WorkerSettings>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the newsletters' deliveries (PRODUCT.md "Newsletter"): claims a batch of due rows,
 * sends them through the SMTP pool with bounded concurrency and rate, marks each sent only
 * once the server accepted it, records failures for a later retry, and tells open editors
 * about the progress. Every instance runs one; the claims keep them from sending the same
 * mail twice, and a dead instance's claims expire so its mails are sent by another.
 */
export class NewsletterWorker {
  private readonly settings: WorkerSettings;
  private running: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private nextStart = 0;
  private readonly letters = new Map<string, Promise<PreparedLetter | undefined>>();

  constructor(private readonly options: WorkerOptions) {
    this.settings = { ...DEFAULT_WORKER_SETTINGS, ...options.settings };
  }

  start() {
    this.running ??= this.loop();
  }

  /** Look for work now rather than at the next poll. */
  wake() {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Finishes the mails being sent, hands back the rest of the batch, and stops. */
  async stop() {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  private async loop() {
    while (!this.stopping) {
      let worked = false;
      try {
        worked = await this.runBatch();
      } catch (error) {
        this.options.log?.error({ err: error }, 'newsletter worker: batch failed');
      }
      if (!worked) await this.idle();
    }
  }

  private idle() {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.settings.pollMs);
      this.wakeUp = done;
    });
  }

  /** One claimed batch, about a second of sending; false when nothing was due. */
  private async runBatch(): Promise<boolean> {
    const { db } = this.options;
    const { concurrency, ratePerSecond, leaseMs } = this.settings;
    const token = randomUUID();
    const batch = await claimDeliveries(db, { limit: Math.min(50, Math.max(concurrency, ratePerSecond)), leaseMs, token });
    if (batch.length === 0) return false;
    const queue = [...batch];
    const lane = async () => {
      for (let next = queue.shift(); next && !this.stopping; next = queue.shift()) await this.deliver(next, token);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    if (this.stopping) await releaseClaim(db, token);
    await announce(db, 'newsletter', { progress: true });
    return true;
  }

  /** Never throws: one recipient's problem must not stop the others. */
  private async deliver(delivery: ClaimedDelivery, token: string) {
    const { db, mailer, site } = this.options;
    const outcome = { newsletterId: delivery.newsletterId, userId: delivery.userId, token };
    try {
      const [letter, secret] = await Promise.all([this.letter(delivery.newsletterId), unsubscribeSecret(db)]);
      // Deliveries go with their newsletter (ON DELETE CASCADE), so this cannot happen.
      if (!letter) throw new Error(`newsletter ${delivery.newsletterId} not found`);
      const mail = newsletterMail(site, letter, delivery, unsubscribeToken(secret, delivery.userId));
      await this.pace();
      // Stopping while waiting for the rate: leave it claimed, releaseClaim hands it back.
      if (this.stopping) return;
      try {
        await this.sendWithTimeout(mailer, mail);
      } catch (error) {
        const { maxAttempts, retryDelayMs } = this.settings;
        await markFailed(db, outcome, { error: describeError(error), maxAttempts, retryDelayMs });
        return;
      }
      await markSent(db, outcome);
    } catch (error) {
      // Left claimed: the lease runs out and the delivery is tried again.
      this.options.log?.error({ err: error }, 'newsletter worker: delivery not recorded');
    }
  }

  private async sendWithTimeout(mailer: Mailer, mail: Parameters<Mailer['send']>[0]) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('SMTP timeout')), this.settings.sendTimeoutMs);
    });
    try {
      await Promise.race([mailer.send(mail), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Spaces the starts of the sends so this worker never exceeds its rate. */
  private async pace() {
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.settings.ratePerSecond;
    if (start > now) await sleep(start - now);
  }

  /** Each newsletter's Markdown is converted once, not once per recipient. */
  private letter(newsletterId: string): Promise<PreparedLetter | undefined> {
    let letter = this.letters.get(newsletterId);
    if (!letter) {
      if (this.letters.size >= 10) this.letters.clear();
      letter = this.options.db
        .selectFrom('newsletters')
        .select(['title', 'description', 'letter'])
        .where('id', '=', newsletterId)
        .executeTakeFirst()
        .then((row) => (row ? prepareLetter(row) : undefined));
      letter.catch(() => this.letters.delete(newsletterId));
      this.letters.set(newsletterId, letter);
    }
    return letter;
  }
}

/** The SMTP server's own reply when there is one ('550 5.1.1 Unknown user'). */
function describeError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  if (typeof response === 'string' && response) return response;
  return typeof message === 'string' && message ? message : String(error);
}
