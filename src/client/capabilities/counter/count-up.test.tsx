// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counterIncrement, counterStepDelay, useCountUp } from './count-up';

describe('join counter animation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('waits 300 ms × (current/target)^10 between steps', () => {
    expect(counterStepDelay(0, 40)).toBe(0);
    expect(counterStepDelay(20, 40)).toBeCloseTo(300 / 1024);
    expect(counterStepDelay(36, 40)).toBeCloseTo(300 * 0.9 ** 10);
    expect(counterStepDelay(40, 40)).toBe(300);
  });

  it('steps one by one for small totals and in about a hundred steps for large ones', () => {
    expect(counterIncrement(40)).toBe(1);
    expect(counterIncrement(5000)).toBe(50);
  });

  it('stays at 0 until the block is in view, then counts up to the target, slowing down near it', () => {
    const { result, rerender } = renderHook(({ running }) => useCountUp(10, running), { initialProps: { running: false } });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);

    rerender({ running: true });
    const seen: number[] = [];
    const gaps: number[] = [];
    for (let elapsed = 0; elapsed < 5000 && result.current < 10; elapsed++) {
      const before = result.current;
      act(() => vi.advanceTimersByTime(1));
      if (result.current !== before) {
        seen.push(result.current);
        gaps.push(elapsed);
      }
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The last step waited 300 × 0.9^10 ≈ 105 ms: far longer than the first ones.
    const lastGap = gaps[9] - gaps[8];
    expect(lastGap).toBeGreaterThanOrEqual(100);
    expect(lastGap).toBeLessThanOrEqual(110);
    expect(gaps[1] - gaps[0]).toBeLessThanOrEqual(5);
  });

  it('ends exactly on a large target', () => {
    const { result } = renderHook(() => useCountUp(1234, true));
    // Each step schedules the next one after React re-renders, hence one act() per step.
    for (let step = 0; step < 200; step++) act(() => vi.advanceTimersByTime(400));
    expect(result.current).toBe(1234);
  });
});
