import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../http/http';

interface LoadOptions {
  /** Waits this long after the key last changed before loading (what is typed settles first). */
  delayMs?: number;
  /** Keeps the last data shown while the next key loads, or if it fails. */
  keepPrevious?: boolean;
}

/**
 * What a page reads from the API when it opens, and again whenever `key` changes (nothing
 * while it is null): the request of a key left behind is aborted and its answer dropped, and a
 * failure becomes the error box's French message. `setData` puts in place what an action on the
 * page sent back. With `delayMs`, `waiting` is true until the request starts.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { delayMs = 0, keepPrevious = false }: LoadOptions = {},
) {
  const [state, setState] = useState<{ key: string; started: boolean; data?: T; error?: string }>();
  const [previous, setPrevious] = useState<T>();
  // The loader of the latest render; only a new key is a reason to load again.
  const loadNow = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const start = () => {
      setState({ key, started: true });
      loadNow(controller.signal).then(
        (data) => {
          if (controller.signal.aborted) return;
          setState({ key, started: true, data });
          setPrevious(data);
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setState({ key, started: true, error: errorMessage(caught) });
        },
      );
    };
    const timer = delayMs > 0 ? setTimeout(start, delayMs) : undefined;
    if (timer === undefined) start();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);

  const current = key !== null && state?.key === key ? state : undefined;
  const settled = current !== undefined && (current.data !== undefined || current.error !== undefined);
  return {
    waiting: key !== null && current === undefined,
    loading: key !== null && !settled,
    data: current?.data ?? (keepPrevious ? previous : undefined),
    error: current?.error,
    setData: (data: T) => {
      if (key !== null) setState({ key, started: true, data });
      setPrevious(data);
    },
  };
}
