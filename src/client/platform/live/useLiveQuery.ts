import { useCallback, useEffect, useState } from 'react';
import type { LiveTopic } from '../../../shared/live';
import { useLive } from './useLive';

/**
 * Loads a public list after hydration (prerendered pages have no data) and loads it again
 * whenever the server announces a change of `topic`.
 */
export function useLiveQuery<T>(topic: LiveTopic, load: () => Promise<T>) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    load().then(
      (value) => {
        setData(value);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [load]);
  useEffect(refresh, [refresh]);
  useLive(topic, refresh);
  return { data, failed, refresh };
}
