import { expect, it } from 'vitest';
import { LiveHub } from '../live/live-hub';
import { CACHE_MAX_AGE_MS, CachedValue } from './cached-value';

function counted(now: () => number, maxAgeMs?: number) {
  const hub = new LiveHub();
  let computations = 0;
  const value = new CachedValue(hub, ['moderation'], async () => ++computations, maxAgeMs, now);
  return { hub, value, computations: () => computations };
}

it('computes once for every request until a notice of its topic, and not for other topics', async () => {
  const { hub, value, computations } = counted(() => 0);
  expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
  hub.invalidate('words');
  expect(await value.get()).toBe(1);
  hub.invalidate('moderation');
  expect(await value.get()).toBe(2);
  expect(computations()).toBe(2);
});

it('computes again once it is as old as its bound', async () => {
  let now = 1_000;
  const { value } = counted(() => now, 5_000);
  expect(await value.get()).toBe(1);
  now += 4_999;
  expect(await value.get()).toBe(1);
  now += 1;
  expect(await value.get()).toBe(2);
});

it('is at most a minute old without a bound of its own, in case a notice was lost', async () => {
  let now = 1_000;
  const { value } = counted(() => now);
  expect(CACHE_MAX_AGE_MS).toBe(60_000);
  expect(await value.get()).toBe(1);
  now += 59_999;
  expect(await value.get()).toBe(1);
  now += 1;
  expect(await value.get()).toBe(2);
});

it('does not keep a failed computation', async () => {
  const hub = new LiveHub();
  let fail = true;
  const value = new CachedValue(hub, ['moderation'], async () => {
    if (fail) throw new Error('base indisponible');
    return 'liste';
  });
  await expect(value.get()).rejects.toThrow('base indisponible');
  fail = false;
  expect(await value.get()).toBe('liste');
});
