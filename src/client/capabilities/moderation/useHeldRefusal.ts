import { useCallback, useEffect, useRef } from 'react';
import { MODERATION_UNDO_MS } from '../../../shared/moderation';
import type { ItemKey } from './PendingItem';

/**
 * The refusal the page holds back while 'Annuler' is offered (decision 0037): nothing reaches
 * the server until MODERATION_UNDO_MS are over, another refusal is held, or the page is hidden
 * or left; then `send` gets it, with `keepalive` when the page may not outlive the request.
 */
export function useHeldRefusal(send: (key: ItemKey, keepalive: boolean) => void) {
  const held = useRef<{ key: ItemKey; timer: ReturnType<typeof setTimeout> }>(undefined);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const release = useCallback((keepalive: boolean) => {
    const refusal = held.current;
    if (!refusal) return;
    clearTimeout(refusal.timer);
    held.current = undefined;
    sendRef.current(refusal.key, keepalive);
  }, []);

  useEffect(() => {
    // A phone may close a hidden tab without another event: what is held leaves when it is hidden.
    const leave = () => release(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') release(true);
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      release(true);
    };
  }, [release]);

  return {
    hold(key: ItemKey) {
      release(false);
      held.current = { key, timer: setTimeout(() => release(false), MODERATION_UNDO_MS) };
    },
    /** Sends the held refusal now: another action's outcome takes the place of its 'Annuler'. */
    sendNow: () => release(false),
    /** Drops the held refusal of `key`; false when it has already left. */
    cancel(key: ItemKey): boolean {
      if (held.current?.key !== key) return false;
      clearTimeout(held.current.timer);
      held.current = undefined;
      return true;
    },
  };
}
