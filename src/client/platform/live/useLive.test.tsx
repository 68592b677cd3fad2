// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useLive } from './useLive';
import { FakeEventSource, stubEventSource } from '../testing/event-source';

/** The stream is reopened in a microtask, once every effect of the commit has run. */
const settle = () => Promise.resolve();

beforeEach(() => {
  stubEventSource();
  vi.useFakeTimers();
});

afterEach(async () => {
  cleanup();
  await settle();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('opens one stream for the topics of a commit and calls each topic’s subscribers', async () => {
  const words = vi.fn();
  const sports = vi.fn();
  renderHook(() => {
    useLive('words', words);
    useLive('sports', sports);
    useLive('words', () => {});
  });
  await settle();
  expect(FakeEventSource.instances).toHaveLength(1);
  const [source] = FakeEventSource.instances;
  expect(source.url).toBe('/api/live?topics=words,sports');
  source.emit('words');
  expect(words).toHaveBeenCalledTimes(1);
  expect(sports).not.toHaveBeenCalled();
});

it('reopens the stream once when the followed topics change, and closes it when nobody listens', async () => {
  const words = renderHook(() => useLive('words', () => {}));
  await settle();
  const others = renderHook(() => {
    useLive('counter', () => {});
    useLive('moderation', () => {});
  });
  await settle();
  expect(FakeEventSource.instances.map((source) => [source.url, source.closed])).toEqual([
    ['/api/live?topics=words', true],
    ['/api/live?topics=words,counter,moderation', false],
  ]);
  others.unmount();
  await settle();
  expect(FakeEventSource.instances[2]?.url).toBe('/api/live?topics=words');
  words.unmount();
  await settle();
  expect(FakeEventSource.instances).toHaveLength(3);
  expect(FakeEventSource.instances[2].closed).toBe(true);
});

it('keeps the stream when a commit leaves the topics as they were', async () => {
  const first = renderHook(() => useLive('words', () => {}));
  await settle();
  first.unmount();
  renderHook(() => useLive('words', () => {}));
  await settle();
  expect(FakeEventSource.instances).toHaveLength(1);
  expect(FakeEventSource.instances[0].closed).toBe(false);
});

it('refetches everything when the stream comes back, and what the previous stream carried when topics change', async () => {
  const words = vi.fn();
  const sports = vi.fn();
  renderHook(() => useLive('words', words));
  await settle();
  const [first] = FakeEventSource.instances;
  first.onopen?.();
  expect(words).not.toHaveBeenCalled();
  first.onopen?.();
  expect(words).toHaveBeenCalledTimes(1);
  renderHook(() => useLive('sports', sports));
  await settle();
  FakeEventSource.instances[1].onopen?.();
  // Words may have changed between the two streams; the vote list has just loaded.
  expect(words).toHaveBeenCalledTimes(2);
  expect(sports).not.toHaveBeenCalled();
});

it('opens a new stream with a growing delay when the server closed it', async () => {
  renderHook(() => useLive('counter', () => {}));
  await settle();
  const [first] = FakeEventSource.instances;
  first.readyState = FakeEventSource.CLOSED;
  first.onerror?.();
  vi.advanceTimersByTime(999);
  expect(FakeEventSource.instances).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeEventSource.instances).toHaveLength(2);
  const second = FakeEventSource.instances[1];
  expect(second.url).toBe('/api/live?topics=counter');
  second.readyState = FakeEventSource.CLOSED;
  second.onerror?.();
  vi.advanceTimersByTime(1999);
  expect(FakeEventSource.instances).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(FakeEventSource.instances).toHaveLength(3);
});
