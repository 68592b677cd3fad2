import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { errorMessage } from '../http/http';

export interface Page<Item> {
  items: Item[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/**
 * A list read a page at a time, 'Voir plus' adding the next one: what the admin's journal and
 * members pages share. The first page loads whenever `query` changes (the answer to an older
 * query is dropped); `load` reads the page after a cursor for the current query. After 'Voir
 * plus', `firstNewRef` goes on the first item added, which takes the focus, where reading goes on.
 */
export function usePagedList<Item, Focused extends HTMLElement = HTMLElement>(
  query: string,
  load: (after: string | undefined, signal?: AbortSignal) => Promise<Page<Item>>,
) {
  // The answer for one query: another query means a load under way.
  const [loaded, setLoaded] = useState<{ query: string; items: Item[]; next: string | null; error?: string }>();
  const [loadingMore, setLoadingMore] = useState(false);
  // A failed 'Voir plus', for the query it was asked for.
  const [moreError, setMoreError] = useState<{ query: string; message: string }>();
  const [firstNewIndex, setFirstNewIndex] = useState<number>();
  const firstNewRef = useRef<Focused>(null);
  // The loader of the latest render reads the query; only a new query is a reason to reload.
  const loadFirst = useEffectEvent((signal: AbortSignal) => load(undefined, signal));

  useEffect(() => {
    const controller = new AbortController();
    loadFirst(controller.signal).then(
      // An answer that comes after its query was left (a loader that ignores the signal) is dropped.
      (page) => {
        if (!controller.signal.aborted) setLoaded({ query, ...page });
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setLoaded({ query, items: [], next: null, error: errorMessage(caught) });
      },
    );
    return () => controller.abort();
  }, [query]);

  useEffect(() => {
    if (firstNewIndex !== undefined) firstNewRef.current?.focus();
  }, [firstNewIndex]);

  const loading = loaded?.query !== query;
  const items = loading ? undefined : loaded.items;
  const next = loading ? null : loaded.next;

  async function more() {
    if (loading || !next || loadingMore) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await load(next);
      setFirstNewIndex(loaded.items.length);
      // Added only to the list it continues: the query may have changed meanwhile.
      setLoaded((now) => (now?.query === query ? { query, items: [...now.items, ...page.items], next: page.next } : now));
    } catch (caught) {
      setMoreError({ query, message: errorMessage(caught) });
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    loading,
    items,
    next,
    error: (!loading && loaded.error) || (moreError?.query === query ? moreError.message : undefined),
    loadingMore,
    more,
    /** Put it on the item at `firstNewIndex`. */
    firstNewRef,
    firstNewIndex,
  };
}
