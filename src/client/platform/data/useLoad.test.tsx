// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../http/http';
import { useLoad } from './useLoad';

afterEach(cleanup);

/** Answers held until the test settles them; each call sees whether its request was aborted. */
function deferredLoads() {
  const calls: { key: string; signal: AbortSignal; settle: (value: string) => void; fail: (error: unknown) => void }[] = [];
  const loader = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ key, signal, settle: resolve, fail: reject }));
  return { calls, loader };
}

it('loads for each key, aborts the request of a key left behind and drops its answer', async () => {
  const { calls, loader } = deferredLoads();
  const { result, rerender } = renderHook(({ key }) => useLoad(key, loader(key)), { initialProps: { key: 'a' } });
  expect(result.current).toMatchObject({ loading: true, data: undefined, error: undefined });
  rerender({ key: 'b' });
  expect(calls[0].signal.aborted).toBe(true);
  await act(async () => calls[1].settle('réponse b'));
  await act(async () => calls[0].settle('réponse a'));
  expect(result.current).toMatchObject({ loading: false, data: 'réponse b' });
});

it('gives a failure as the French message, and takes what an action sent back', async () => {
  const { calls, loader } = deferredLoads();
  const { result } = renderHook(() => useLoad('a', loader('a')));
  await act(async () => calls[0].fail(new ApiError(403, 'auth/forbidden', 'Accès réservé aux administrateurs')));
  expect(result.current).toMatchObject({ loading: false, data: undefined, error: 'Accès réservé aux administrateurs' });
  act(() => result.current.setData('après l’action'));
  expect(result.current).toMatchObject({ loading: false, data: 'après l’action', error: undefined });
});

it('loads nothing for a null key, and with a delay waits for the key to settle, loading only the last', async () => {
  vi.useFakeTimers();
  try {
    const { calls, loader } = deferredLoads();
    const nothing = renderHook(() => useLoad(null, loader('')));
    expect(nothing.result.current).toMatchObject({ waiting: false, loading: false, data: undefined });
    await act(async () => vi.advanceTimersByTime(5000));
    expect(calls).toEqual([]);
    const delayed = renderHook(({ key }) => useLoad(key, loader(key), { delayMs: 1000 }), { initialProps: { key: 'ka' } });
    delayed.rerender({ key: 'kayak' });
    await act(async () => vi.advanceTimersByTime(999));
    expect(calls.map((call) => call.key)).toEqual([]);
    expect(delayed.result.current.waiting).toBe(true);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls.map((call) => call.key)).toEqual(['kayak']);
    expect(delayed.result.current).toMatchObject({ waiting: false, loading: true });
    await act(async () => calls[0].settle('libre'));
    expect(delayed.result.current).toMatchObject({ loading: false, data: 'libre' });
  } finally {
    vi.useRealTimers();
  }
});

it('keeps the last data in view while the next key loads, and when it fails', async () => {
  const { calls, loader } = deferredLoads();
  const { result, rerender } = renderHook(({ key }) => useLoad(key, loader(key), { keepPrevious: true }), {
    initialProps: { key: 'a' },
  });
  await act(async () => calls[0].settle('aperçu a'));
  rerender({ key: 'b' });
  expect(result.current).toMatchObject({ loading: true, data: 'aperçu a' });
  await act(async () => calls[1].fail(new Error('réseau')));
  expect(result.current).toMatchObject({ loading: false, data: 'aperçu a' });
  expect(result.current.error).toBeDefined();
});
