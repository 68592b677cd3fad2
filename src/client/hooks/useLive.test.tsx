// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useLive } from './useLive';

/** Stands in for the browser's EventSource: the test plays the server's part. */
class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('shares one stream between components and calls each topic’s subscribers', () => {
  const words = vi.fn();
  const sports = vi.fn();
  renderHook(() => useLive('words', words));
  renderHook(() => useLive('sports', sports));
  expect(FakeEventSource.instances).toHaveLength(1);
  const [source] = FakeEventSource.instances;
  expect(source.url).toBe('/api/live');
  source.emit('words');
  expect(words).toHaveBeenCalledTimes(1);
  expect(sports).not.toHaveBeenCalled();
});

it('refetches everything when the stream comes back, and closes it when nobody listens', () => {
  const words = vi.fn();
  const { unmount } = renderHook(() => useLive('words', words));
  const [source] = FakeEventSource.instances;
  source.onopen?.();
  expect(words).not.toHaveBeenCalled();
  source.onopen?.();
  expect(words).toHaveBeenCalledTimes(1);
  unmount();
  expect(source.closed).toBe(true);
});

it('opens a new stream with a growing delay when the server closed it', () => {
  const { unmount } = renderHook(() => useLive('counter', () => {}));
  const [first] = FakeEventSource.instances;
  first.readyState = FakeEventSource.CLOSED;
  first.onerror?.();
  vi.advanceTimersByTime(999);
  expect(FakeEventSource.instances).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeEventSource.instances).toHaveLength(2);
  const second = FakeEventSource.instances[1];
  second.readyState = FakeEventSource.CLOSED;
  second.onerror?.();
  vi.advanceTimersByTime(1999);
  expect(FakeEventSource.instances).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(FakeEventSource.instances).toHaveLength(3);
  unmount();
});
