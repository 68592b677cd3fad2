import type { LiveTopic } from '../../../shared/live';
import type { LiveHub } from '../live/live-hub';

/**
 * How old any cached value may get, notice or not: the bound on a notice that never came
 * (sent while an instance was reconnecting to the database, before it dropped every cache).
 */
export const CACHE_MAX_AGE_MS = 60_000;

/**
 * A value computed once and shared by every request until a change notice of one of its
 * topics arrives (from this instance or another, through LISTEN/NOTIFY), or until it is
 * `maxAgeMs` old: a bound for changes that send no notice, and for lost notices. Requests
 * arriving while it is computed wait for the same computation; a failed one is not kept.
 */
export class CachedValue<T> {
  private current: { value: Promise<T>; at: number } | undefined;

  constructor(
    hub: LiveHub,
    topics: LiveTopic[],
    private readonly compute: () => Promise<T>,
    private readonly maxAgeMs = CACHE_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {
    hub.onNotice((notice) => {
      if (topics.includes(notice.topic)) this.current = undefined;
    });
  }

  get(): Promise<T> {
    const at = this.now();
    if (this.current && at - this.current.at < this.maxAgeMs) return this.current.value;
    const value = this.compute();
    const current = { value, at };
    value.catch(() => {
      if (this.current === current) this.current = undefined;
    });
    this.current = current;
    return value;
  }
}
