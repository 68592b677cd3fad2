import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { reserveSendSlots } from './send-pace';
import { CLAIM_LIMIT, type WorkerSettings } from './worker-settings';

// Slots of the site-wide rate are reserved about this much sending at a time: one statement
// per group, not per mail, and few unused slots when the worker stops or falls behind.
const SLOTS_AHEAD_MS = 100;
// A slot missed by more than this is given up, and the mail waits for a new one: a worker held
// back (a busy machine, a pause of the event loop) must not catch up in a burst, or the
// provider would see more than the rate.
const SLOT_LATE_MS = 100;

interface SendPacerOptions {
  db: Kysely<Database>;
  settings: Pick<WorkerSettings, 'ratePerSecond' | 'pollMs'>;
  /** The worker's stop: it cuts every wait short. */
  stopping: AbortSignal;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** Hands each of a worker's mails its slot of the site-wide rate (send-pace.ts). */
export class SendPacer {
  /** Slots reserved at once. */
  private readonly slotGroup: number;
  /** The next reserved slot, on this process's clock, and how many are left from it. */
  private slots = { next: 0, left: 0 };
  private reserving: Promise<void> | undefined;

  constructor(private readonly options: SendPacerOptions) {
    const { ratePerSecond } = options.settings;
    this.slotGroup = Math.min(CLAIM_LIMIT, Math.max(1, Math.ceil((ratePerSecond * SLOTS_AHEAD_MS) / 1000)));
  }

  /**
   * Waits for this mail's slot of the site-wide rate; stop cuts the wait short. Slots come in
   * groups reserved from the database; a group left behind by more than SLOT_LATE_MS is
   * dropped for a new one.
   */
  async pace() {
    const { settings, stopping } = this.options;
    while (this.slots.left === 0 || this.slots.next < Date.now() - SLOT_LATE_MS) {
      if (stopping.aborted) return;
      this.reserving ??= this.reserveSlots().finally(() => (this.reserving = undefined));
      await this.reserving;
    }
    const start = this.slots.next;
    this.slots.next += 1000 / settings.ratePerSecond;
    this.slots.left -= 1;
    // A timer cannot wait less than a millisecond: at high rates the slots closer than that
    // start at once, and the rate holds over the group.
    const wait = start - Date.now();
    if (wait >= 1) await sleep(wait, undefined, { signal: stopping }).catch(() => {});
  }

  private async reserveSlots() {
    const { db, settings, stopping, log } = this.options;
    try {
      const startsIn = await reserveSendSlots(db, this.slotGroup, settings.ratePerSecond);
      this.slots = { next: Date.now() + startsIn, left: this.slotGroup };
    } catch (error) {
      log?.error({ err: error }, 'newsletter worker: sending slots not reserved');
      // The database is away: wait a poll before asking again, as an idle worker would.
      await sleep(settings.pollMs, undefined, { signal: stopping }).catch(() => {});
    }
  }
}
