import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../http/http';

/**
 * What a page reads from the API when it opens, and again whenever `key` changes: the request
 * of a key left behind is aborted and its answer dropped, and a failure becomes the error box's
 * French message. `setData` puts in place what an action on the page sent back.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<{ key: string; data?: T; error?: string }>();
  // The loader of the latest render; only a new key is a reason to load again.
  const loadNow = useEffectEvent(load);

  useEffect(() => {
    const controller = new AbortController();
    loadNow(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data });
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setState({ key, error: errorMessage(caught) });
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = state?.key === key ? state : undefined;
  return {
    loading: current === undefined,
    data: current?.data,
    error: current?.error,
    setData: (data: T) => setState({ key, data }),
  };
}
