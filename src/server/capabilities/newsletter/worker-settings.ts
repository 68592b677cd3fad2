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
   * An SMTP exchange that takes longer is given up, well under the lease (a quarter of it,
   * 30 s at most, unless set). It may still have been delivered, so it is recorded as failed
   * and not tried again (decision 0012).
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

/** What a worker is given: the rate, which has no default, and any setting to change. */
export type GivenWorkerSettings = Partial<WorkerSettings> & Pick<WorkerSettings, 'ratePerSecond'>;

// Rows per claim, at most: a claim holds about a second of sending. Each claim and each
// recorded group is a statement; on the embedded database they run on one thread beside the
// sending, so fewer, larger ones leave more of the machine to the SMTP connections.
export const CLAIM_LIMIT = 250;

/** The rate is the operator's setting (config.ts), so it has no default here. */
const DEFAULT_WORKER_SETTINGS: Omit<WorkerSettings, 'ratePerSecond' | 'sendTimeoutMs'> = {
  concurrency: 20,
  maxAttempts: 3,
  retryDelayMs: 60_000,
  pathPauseMs: 15_000,
  pathPauseMaxMs: 5 * 60_000,
  leaseMs: 120_000,
  pollMs: 2_000,
  // A claim sent at full speed is recorded by one statement.
  recordGroupSize: CLAIM_LIMIT,
  recordDelayMs: 200,
  stopGraceMs: 5_000,
};

/** The given settings completed by the defaults; the send timeout follows the lease. */
export function workerSettings(given: GivenWorkerSettings): WorkerSettings {
  const leaseMs = given.leaseMs ?? DEFAULT_WORKER_SETTINGS.leaseMs;
  return { ...DEFAULT_WORKER_SETTINGS, sendTimeoutMs: Math.min(30_000, leaseMs / 4), ...given };
}
