import { describe, expect, it, vi } from 'vitest';
import { recountedEvery } from './recount';

describe('recountedEvery', () => {
  it('waits for the first count, then answers the last one at once while the next is made', async () => {
    let clock = 0;
    const next: ((value: number) => void)[] = [];
    const count = vi.fn(() => new Promise<number>((resolve) => next.push(resolve)));
    const get = recountedEvery(
      1000,
      count,
      () => {},
      () => clock,
    );

    const [first, second] = [get(), get()];
    expect(count).toHaveBeenCalledTimes(1); // two requests, one count
    next.shift()!(1);
    expect([await first, await second]).toEqual([1, 1]);

    clock = 999;
    expect(await get()).toBe(1);
    expect(count).toHaveBeenCalledTimes(1);

    clock = 1000;
    expect(await get()).toBe(1); // old: the last count at once, the next one started
    expect(await get()).toBe(1);
    expect(count).toHaveBeenCalledTimes(2); // started once
    next.shift()!(2);
    await vi.waitFor(async () => expect(await get()).toBe(2));
  });

  it('keeps the last count when a recount fails, and tries again at the next request', async () => {
    let clock = 0;
    const errors: unknown[] = [];
    const count = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(1)
      .mockRejectedValueOnce(new Error('base indisponible'))
      .mockResolvedValueOnce(3);
    const get = recountedEvery(
      1000,
      count,
      (error) => errors.push(error),
      () => clock,
    );
    expect(await get()).toBe(1);
    clock = 5000;
    expect(await get()).toBe(1);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(await get()).toBe(1);
    await vi.waitFor(async () => expect(await get()).toBe(3));
  });
});
