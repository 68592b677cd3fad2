// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ApiError } from '../http/http';
import { usePagedList, type Page } from './usePagedList';

afterEach(cleanup);

/** Answers held until the test settles them, in any order. */
function deferredLoads() {
  const calls: { query: string; after: string | undefined; settle: (page: Page<string>) => void; fail: (error: unknown) => void }[] = [];
  const loader = (query: string) => (after: string | undefined) =>
    new Promise<Page<string>>((resolve, reject) => calls.push({ query, after, settle: resolve, fail: reject }));
  return { calls, loader };
}

it('keeps the answer to the current query only, even when an older one arrives last', async () => {
  const { calls, loader } = deferredLoads();
  const { result, rerender } = renderHook(({ query }) => usePagedList(query, loader(query)), { initialProps: { query: 'a' } });
  expect(result.current.loading).toBe(true);
  rerender({ query: 'b' });
  await act(async () => calls[1].settle({ items: ['b1'], next: null }));
  await act(async () => calls[0].settle({ items: ['a1'], next: 'x' }));
  expect(result.current).toMatchObject({ loading: false, items: ['b1'], next: null });
});

it('adds the next page with “Voir plus”, from the cursor, and points at the first item added', async () => {
  const { calls, loader } = deferredLoads();
  const { result } = renderHook(() => usePagedList('a', loader('a')));
  await act(async () => calls[0].settle({ items: ['1', '2'], next: 'c2' }));
  let more: Promise<void> | undefined;
  act(() => {
    more = result.current.more();
  });
  expect(result.current.loadingMore).toBe(true);
  expect(calls[1].after).toBe('c2');
  await act(async () => {
    calls[1].settle({ items: ['3'], next: null });
    await more;
  });
  expect(result.current).toMatchObject({ items: ['1', '2', '3'], next: null, loadingMore: false, firstNewIndex: 2 });
});

it('shows a failed “Voir plus” in French for its query only', async () => {
  const { calls, loader } = deferredLoads();
  const { result, rerender } = renderHook(({ query }) => usePagedList(query, loader(query)), { initialProps: { query: 'a' } });
  await act(async () => calls[0].settle({ items: ['1'], next: 'c1' }));
  await act(async () => {
    const more = result.current.more();
    calls[1].fail(new ApiError(500, 'internal', 'Erreur interne du serveur'));
    await more;
  });
  expect(result.current.error).toBe('Erreur interne du serveur');
  rerender({ query: 'b' });
  await act(async () => calls[2].settle({ items: [], next: null }));
  await waitFor(() => expect(result.current.loading).toBe(false));
  expect(result.current.error).toBeUndefined();
});

it('leaves a new query’s list alone when the page asked for the old one arrives after it', async () => {
  const { calls, loader } = deferredLoads();
  const { result, rerender } = renderHook(({ query }) => usePagedList(query, loader(query)), { initialProps: { query: 'a' } });
  await act(async () => calls[0].settle({ items: ['a1'], next: 'c1' }));
  let more: Promise<void> | undefined;
  act(() => {
    more = result.current.more();
  });
  rerender({ query: 'b' });
  await act(async () => calls[2].settle({ items: ['b1'], next: null }));
  await act(async () => {
    calls[1].settle({ items: ['a2'], next: null });
    await more;
  });
  expect(result.current).toMatchObject({ loading: false, items: ['b1'], next: null });
});
