import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `durationMs` (spec §9: the newsletter result, 5 s). */
export function useTransientMessage(durationMs: number): [string | undefined, (message: string | undefined) => void] {
  const [message, setMessage] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = useCallback(
    (next: string | undefined) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next !== undefined) timer.current = setTimeout(() => setMessage(undefined), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
