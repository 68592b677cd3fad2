import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import { announce } from '../../platform/live/announce';
import { claimDeliveries, releaseClaim, type ClaimedDelivery } from './deliveries';
import { DeliverySender } from './delivery-sender';
import { MailPathPause } from './mail-path-pause';
import { SendPacer } from './send-pacer';
import { SentRecorder } from './sent-recorder';
import { CLAIM_LIMIT, workerSettings, type GivenWorkerSettings, type WorkerSettings } from './worker-settings';

export type { WorkerSettings } from './worker-settings';

// Open editors refetch their counts on each progress notice: two a second are plenty.
const PROGRESS_EVERY_MS = 500;

interface WorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  site: PublicConfig;
  log?: Pick<FastifyBaseLogger, 'error'>;
  settings: GivenWorkerSettings;
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
  private readonly pause: MailPathPause;
  private readonly pacer: SendPacer;
  private readonly sent: SentRecorder;
  private readonly sender: DeliverySender;
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

  constructor(private readonly options: WorkerOptions) {
    this.settings = workerSettings(options.settings);
    const { concurrency, ratePerSecond, recordGroupSize, recordDelayMs } = this.settings;
    // Every lane may wait in pace() on the stop signal at once: more than Node's default
    // of 10 listeners, which it would report as a leak.
    setMaxListeners(concurrency + 1, this.stopping.signal, this.givingUp.signal);
    // Enough for every lane, about a second at the rate, and small enough to share with other instances.
    this.claimSize = Math.min(CLAIM_LIMIT, Math.max(concurrency, ratePerSecond));
    this.pause = new MailPathPause(this.settings);
    this.pacer = new SendPacer({ db: options.db, settings: this.settings, stopping: this.stopping.signal, log: options.log });
    this.sent = new SentRecorder({
      db: options.db,
      groupSize: recordGroupSize,
      delayMs: recordDelayMs,
      onRecorded: () => this.progress(),
      log: options.log,
    });
    this.sender = new DeliverySender({
      db: options.db,
      mailer: options.mailer,
      site: options.site,
      settings: this.settings,
      pause: this.pause,
      sent: this.sent,
      onFailed: () => this.progress(),
      givingUp: this.givingUp.signal,
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
      const paused = this.pause.remainingMs();
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
    const { delivery, token, expiresAt } = claimed;
    const outcome = { newsletterId: delivery.newsletterId, userId: delivery.userId, token };
    try {
      const mail = await this.sender.mail(delivery);
      await this.pacer.pace();
      if (this.stopped) {
        // Not started: back in the queue, which stop() hands back.
        this.queue.unshift(claimed);
        return;
      }
      // Its lease could run out during the exchange and another worker take it: leave it to them.
      if (Date.now() + this.settings.sendTimeoutMs >= expiresAt) return;
      await this.sender.send(mail, outcome);
    } catch (error) {
      // Left claimed: the lease runs out and the delivery is tried again.
      this.options.log?.error({ err: error }, 'newsletter worker: delivery not recorded');
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
}
