// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ApiError } from '../http/http';
import { useLoad } from './useLoad';

afterEach(cleanup);

/** Answers held until the test settles them; each call sees whether its request was aborted. */
function deferredLoads() {
  const calls: { key: string; signal: AbortSignal; settle: (value: string) => void; fail: (error: unknown) => void }[] = [];
  const loader = (key: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ key, signal, settle: resolve, fail: reject }));
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
