import type { WorkerSettings } from './worker-settings';

/**
 * While the mail path is down (isMailPathDown), no lane of the worker starts a send: the pause
 * grows each time the path fails again, and starts over once a mail goes through.
 */
export class MailPathPause {
  /** No send starts before this time (Date.now()). */
  private until = 0;
  /** The length of the next pause; 0 until the path has failed. */
  private nextMs = 0;

  constructor(private readonly settings: Pick<WorkerSettings, 'pathPauseMs' | 'pathPauseMaxMs'>) {}

  /** How long sends must still wait: 0 or less when they may start. */
  remainingMs(): number {
    return this.until - Date.now();
  }

  /** The mail path failed: every lane pauses, longer each time it fails again; returns the pause. */
  pathDown(): number {
    const { pathPauseMs, pathPauseMaxMs } = this.settings;
    const now = Date.now();
    // The lanes that fail together during one pause share it.
    if (this.until > now) return this.until - now;
    const pauseMs = Math.min(pathPauseMaxMs, this.nextMs || pathPauseMs);
    this.until = now + pauseMs;
    this.nextMs = pauseMs * 2;
    return pauseMs;
  }

  /** A mail went through: the next failure pauses for pathPauseMs again. */
  pathUp() {
    this.nextMs = 0;
  }
}
