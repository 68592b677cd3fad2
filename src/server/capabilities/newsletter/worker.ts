import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import { announce } from '../../platform/live/announce';
import { claimDeliveries, markFailed, putBack, releaseClaim, type ClaimedDelivery } from './deliveries';
import { reserveSendSlots } from './send-pace';
import { newsletterMail, prepareLetter, type PreparedLetter } from './mail';
import { describeSendError, isMailPathDown, mayHaveBeenDelivered, SendTimeout } from './send-failure';
import { isRecipientRefused } from '../../platform/mail/undeliverable';
import { SentRecorder } from './sent-recorder';
import { unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

export interface WorkerSettings {
  /**
   * Messages handed to the SMTP pool at once. Several per pooled connection (it keeps 5),
   * so each connection has its next message ready when the server accepts one.
   */
  concurrency: number;
  /**
   * Messages started per second by the workers of every instance together, at most
   * (NEWSLETTER_RATE_PER_SECOND): the workers take their slots from one row (send-pace.ts).
   */
  ratePerSecond: number;
  /** Attempts per recipient before the delivery is recorded as failed. */
  maxAttempts: number;
  /** Wait before the first retry; it doubles for each later one. */
  retryDelayMs: number;
  /**
   * While the mail path is down (isMailPathDown), the worker pauses this long before trying
   * again, doubling each time up to pathPauseMaxMs; the mails wait, their attempts untouched.
   */
  pathPauseMs: number;
  pathPauseMaxMs: number;
  /** How long a claim holds: after it, the claimed rows are taken again (their worker died). */
  leaseMs: number;
  /**
   * An SMTP exchange that takes longer is given up, well under the lease. It may still have
   * been delivered, so it is recorded as failed and not tried again (decision 0012).
   */
  sendTimeoutMs: number;
  /** How often an idle worker looks for due deliveries (retries, other instances' work). */
  pollMs: number;
  /** Sent deliveries recorded by one statement, at most. */
  recordGroupSize: number;
  /** How long an accepted message waits, at most, to be recorded as sent. */
  recordDelayMs: number;
  /**
   * At shutdown, how long the mails in flight may still take. Those still unanswered then are
   * given up as if their send had timed out, so the process exits within its 10 s (main.ts)
   * with every outcome recorded.
   */
  stopGraceMs: number;
}

// Rows per claim, at most: a claim holds about a second of sending. Each claim and each
// recorded group is a statement; on the embedded database they run on one thread beside the
// sending, so fewer, larger ones leave more of the machine to the SMTP connections.
const CLAIM_LIMIT = 250;
// Slots of the site-wide rate are reserved about this much sending at a time: one statement
// per group, not per mail, and few unused slots when the worker stops or falls behind.
const SLOTS_AHEAD_MS = 100;
// A slot missed by more than this is given up, and the mail waits for a new one: a worker held
// back (a busy machine, a pause of the event loop) must not catch up in a burst, or the
// provider would see more than the rate.
const SLOT_LATE_MS = 100;

/** The rate is the operator's setting (config.ts), so it has no default here. */
const DEFAULT_WORKER_SETTINGS: Omit<WorkerSettings, 'ratePerSecond'> = {
  concurrency: 20,
  maxAttempts: 3,
  retryDelayMs: 60_000,
  pathPauseMs: 15_000,
  pathPauseMaxMs: 5 * 60_000,
  leaseMs: 120_000,
  sendTimeoutMs: 30_000,
  pollMs: 2_000,
  // A claim sent at full speed is recorded by one statement.
  recordGroupSize: CLAIM_LIMIT,
  recordDelayMs: 200,
  stopGraceMs: 5_000,
};

// Open editors refetch their counts on each progress notice: two a second are plenty.
const PROGRESS_EVERY_MS = 500;

interface WorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  site: PublicConfig;
  log?: Pick<FastifyBaseLogger, 'error'>;
  settings: Partial<WorkerSettings> & Pick<WorkerSettings, 'ratePerSecond'>;
}

/** A send still unanswered stopGraceMs after stop(): as uncertain as a timed-out one. */
class GivenUpAtShutdown extends SendTimeout {
  constructor(graceMs: number) {
    super(graceMs);
    this.message = `no reply from the SMTP server within ${graceMs} ms of the shutdown`;
  }
}

/** A claimed delivery waiting in the worker's queue. */
interface Claimed {
  delivery: ClaimedDelivery;
  token: string;
  /** When the claim's lease runs out, on this process's clock: timed from before the claim, so never late. */
  expiresAt: number;
}

/**
 * Sends the newsletters' deliveries (PRODUCT.md "Newsletter"): claims due rows into a local
 * queue, claiming the next batch before the queue runs dry, sends them through the SMTP pool
 * with bounded concurrency and rate, marks them sent (in groups) only once the server
 * accepted them, records failures (for a later retry when that cannot send a second copy),
 * and tells open editors about the
 * progress. Every instance runs one; the claims keep them from sending the same mail twice,
 * and a dead instance's claims expire so its mails are sent by another.
 */
export class NewsletterWorker {
  private readonly settings: WorkerSettings;
  private readonly claimSize: number;
  /** Slots reserved at once. */
  private readonly slotGroup: number;
  /** The next reserved slot, on this process's clock, and how many are left from it. */
  private slots = { next: 0, left: 0 };
  /** The mail path is down: no send starts before this time (Date.now()), and the next pause. */
  private pause = { until: 0, nextMs: 0 };
  private reserving: Promise<void> | undefined;
  private readonly sent: SentRecorder;
  private readonly stopping = new AbortController();
  /** Aborted stopGraceMs after stop(): the sends still waiting for the server are given up. */
  private readonly givingUp = new AbortController();
  private running: Promise<void> | undefined;
  private readonly queue: Claimed[] = [];
  private claiming: Promise<void> | undefined;
  /** The last claim found nothing due: wait for a wake-up or the next poll before claiming. */
  private drained = false;
  private wakes = 0;
  private idling: Promise<void> | undefined;
  private endIdle: (() => void) | undefined;
  private progressTimer: NodeJS.Timeout | undefined;
  private readonly letters = new Map<string, Promise<PreparedLetter | undefined>>();

  constructor(private readonly options: WorkerOptions) {
    this.settings = { ...DEFAULT_WORKER_SETTINGS, ...options.settings };
    const { concurrency, ratePerSecond, recordGroupSize, recordDelayMs } = this.settings;
    // Every lane may wait in pace() on the stop signal at once: more than Node's default
    // of 10 listeners, which it would report as a leak.
    setMaxListeners(concurrency + 1, this.stopping.signal, this.givingUp.signal);
    // Enough for every lane, about a second at the rate, and small enough to share with other instances.
    this.claimSize = Math.min(CLAIM_LIMIT, Math.max(concurrency, ratePerSecond));
    this.slotGroup = Math.min(CLAIM_LIMIT, Math.max(1, Math.ceil((ratePerSecond * SLOTS_AHEAD_MS) / 1000)));
    this.sent = new SentRecorder({
      db: options.db,
      groupSize: recordGroupSize,
      delayMs: recordDelayMs,
      onRecorded: () => this.progress(),
      log: options.log,
    });
  }

  start() {
    this.running ??= this.run();
  }

  /** Look for work now rather than at the next poll. */
  wake() {
    this.wakes += 1;
    this.drained = false;
    this.endIdle?.();
  }

  /**
   * Finishes the mails being sent and records them, hands the unstarted ones back for any
   * worker to take, and stops.
   */
  async stop() {
    this.stopping.abort();
    this.endIdle?.();
    const deadline = setTimeout(() => this.givingUp.abort(), this.settings.stopGraceMs);
    try {
      await this.running;
    } finally {
      clearTimeout(deadline);
    }
  }

  private get stopped() {
    return this.stopping.signal.aborted;
  }

  private async run() {
    const lane = async () => {
      for (let next = await this.take(); next; next = await this.take()) await this.deliver(next);
    };
    await Promise.all(Array.from({ length: this.settings.concurrency }, lane));
    // Sent rows are recorded before the claims are handed back, or they would go out again.
    await this.claiming;
    await this.sent.flush();
    await this.handBack();
    clearTimeout(this.progressTimer);
    if (this.progressTimer) await this.announceProgress();
  }

  /** The next claimed delivery to send, or undefined once the worker is stopping. */
  private async take(): Promise<Claimed | undefined> {
    while (!this.stopped) {
      const paused = this.pause.until - Date.now();
      if (paused > 0) {
        await sleep(paused, undefined, { signal: this.stopping.signal }).catch(() => {});
        continue;
      }
      // The next claim runs while this one is being sent, so the SMTP pool never waits for it.
      if (!this.drained && this.queue.length < this.claimSize) void this.claim();
      const next = this.queue.shift();
      if (next) return next;
      await (this.drained ? this.idle() : this.claim());
    }
    return undefined;
  }

  /** One claim at a time; lanes that find the queue empty wait for it. */
  private claim(): Promise<void> {
    this.claiming ??= this.claimBatch().finally(() => (this.claiming = undefined));
    return this.claiming;
  }

  private async claimBatch() {
    const { db, log } = this.options;
    const { leaseMs } = this.settings;
    const wakesBefore = this.wakes;
    const token = randomUUID();
    const expiresAt = Date.now() + leaseMs;
    try {
      const batch = await claimDeliveries(db, { limit: this.claimSize, leaseMs, token });
      for (const delivery of batch) this.queue.push({ delivery, token, expiresAt });
      // A newsletter queued while this claim ran woke the worker: claim again, do not idle.
      if (batch.length === 0 && this.wakes === wakesBefore) this.drained = true;
    } catch (error) {
      log?.error({ err: error }, 'newsletter worker: claim failed');
      this.drained = true;
    }
  }

  /** Shared by every lane: ends at the next poll, a wake-up or stop. */
  private idle(): Promise<void> {
    this.idling ??= new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.idling = undefined;
        this.endIdle = undefined;
        this.drained = false;
        resolve();
      };
      const timer = setTimeout(end, this.settings.pollMs);
      this.endIdle = end;
    });
    return this.idling;
  }

  /** Never throws: one recipient's problem must not stop the others. */
  private async deliver(claimed: Claimed) {
    const { db, mailer, site } = this.options;
    const { delivery, token, expiresAt } = claimed;
    const outcome = { newsletterId: delivery.newsletterId, userId: delivery.userId, token };
    try {
      const [letter, secret] = await Promise.all([this.letter(delivery.newsletterId), unsubscribeSecret(db)]);
      // Deliveries go with their newsletter (ON DELETE CASCADE), so this cannot happen.
      if (!letter) throw new Error(`newsletter ${delivery.newsletterId} not found`);
      const mail = newsletterMail(site, letter, delivery, unsubscribeToken(secret, delivery.userId));
      await this.pace();
      if (this.stopped) {
        // Not started: back in the queue, which stop() hands back.
        this.queue.unshift(claimed);
        return;
      }
      // Its lease could run out during the exchange and another worker take it: leave it to them.
      if (Date.now() + this.settings.sendTimeoutMs >= expiresAt) return;
      try {
        await this.sendWithTimeout(mailer, mail);
      } catch (error) {
        // Failures stay one statement each: they are rare, and each has its own error.
        const { maxAttempts, retryDelayMs } = this.settings;
        const uncertain = mayHaveBeenDelivered(error);
        const reason = describeSendError(error);
        if (isMailPathDown(error)) {
          await putBack(db, outcome, { error: reason, delayMs: this.pathDown() });
          return;
        }
        // Refused for good: another try would be refused too (the mailer marked the address).
        const refused = isRecipientRefused(error);
        await markFailed(db, outcome, {
          error: uncertain ? `may have been delivered, not sent again: ${reason}` : reason,
          retry: !uncertain && !refused,
          maxAttempts,
          retryDelayMs,
        });
        this.progress();
        return;
      }
      this.sent.add(outcome);
      this.pause.nextMs = 0;
    } catch (error) {
      // Left claimed: the lease runs out and the delivery is tried again.
      this.options.log?.error({ err: error }, 'newsletter worker: delivery not recorded');
    }
  }

  private async sendWithTimeout(mailer: Mailer, mail: Parameters<Mailer['send']>[0]) {
    const { sendTimeoutMs, stopGraceMs } = this.settings;
    let timer: NodeJS.Timeout | undefined;
    let giveUp: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout(sendTimeoutMs)), sendTimeoutMs);
      // The same uncertainty as a timeout: recorded as failed, never sent again (decision 0012).
      giveUp = () => reject(new GivenUpAtShutdown(stopGraceMs));
      this.givingUp.signal.addEventListener('abort', giveUp, { once: true });
      if (this.givingUp.signal.aborted) giveUp();
    });
    try {
      await Promise.race([mailer.send(mail), timeout]);
    } finally {
      clearTimeout(timer);
      this.givingUp.signal.removeEventListener('abort', giveUp!);
    }
  }

  /** The mail path failed: every lane pauses, longer each time it fails again; returns the pause. */
  private pathDown(): number {
    const { pathPauseMs, pathPauseMaxMs } = this.settings;
    const now = Date.now();
    // The lanes that fail together during one pause share it.
    if (this.pause.until > now) return this.pause.until - now;
    const pauseMs = Math.min(pathPauseMaxMs, this.pause.nextMs || pathPauseMs);
    this.pause = { until: now + pauseMs, nextMs: pauseMs * 2 };
    return pauseMs;
  }

  /**
   * Waits for this mail's slot of the site-wide rate; stop cuts the wait short. Slots come in
   * groups reserved from the database; a group left behind by more than SLOT_LATE_MS is
   * dropped for a new one.
   */
  private async pace() {
    const { ratePerSecond } = this.settings;
    while (this.slots.left === 0 || this.slots.next < Date.now() - SLOT_LATE_MS) {
      if (this.stopped) return;
      this.reserving ??= this.reserveSlots().finally(() => (this.reserving = undefined));
      await this.reserving;
    }
    const start = this.slots.next;
    this.slots.next += 1000 / ratePerSecond;
    this.slots.left -= 1;
    // A timer cannot wait less than a millisecond: at high rates the slots closer than that
    // start at once, and the rate holds over the group.
    const wait = start - Date.now();
    if (wait >= 1) await sleep(wait, undefined, { signal: this.stopping.signal }).catch(() => {});
  }

  private async reserveSlots() {
    try {
      const startsIn = await reserveSendSlots(this.options.db, this.slotGroup, this.settings.ratePerSecond);
      this.slots = { next: Date.now() + startsIn, left: this.slotGroup };
    } catch (error) {
      this.options.log?.error({ err: error }, 'newsletter worker: sending slots not reserved');
      // The database is away: wait a poll before asking again, as an idle worker would.
      await sleep(this.settings.pollMs, undefined, { signal: this.stopping.signal }).catch(() => {});
    }
  }

  /** Hands the claimed deliveries that were not started back, due at once. */
  private async handBack() {
    const tokens = new Set(this.queue.splice(0).map((claimed) => claimed.token));
    for (const token of tokens) {
      try {
        await releaseClaim(this.options.db, token);
      } catch (error) {
        // Their lease runs out and they are taken again, only later.
        this.options.log?.error({ err: error }, 'newsletter worker: claim not handed back');
      }
    }
  }

  /** Something was recorded: open editors hear of it within PROGRESS_EVERY_MS, once. */
  private progress() {
    this.progressTimer ??= setTimeout(() => void this.announceProgress(), PROGRESS_EVERY_MS);
  }

  private async announceProgress() {
    this.progressTimer = undefined;
    try {
      await announce(this.options.db, 'newsletter', { progress: true });
    } catch (error) {
      this.options.log?.error({ err: error }, 'newsletter worker: progress not announced');
    }
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
