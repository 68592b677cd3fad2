import { useEffect, useEffectEvent } from 'react';
import { MODERATION_UNDO_MS } from '../../../shared/moderation';
import { Button } from '../../platform/ui/Button';
import type { ItemKey } from './PendingItem';

/** What the toast says: the outcome of an action, and 'Annuler' while it can be undone. */
export interface Toast {
  /** The item it is about, if one. */
  key?: ItemKey;
  text: string;
  onUndo?(): void;
}

/**
 * The outcome of the last action, at the bottom of the screen: it covers the list for a few
 * seconds rather than pushing it down, so the page does not move under the moderator's thumb.
 * Read out by screen readers (role status), gone after MODERATION_UNDO_MS.
 */
export function UndoToast({ toast, onExpire }: { toast: Toast | undefined; onExpire(): void }) {
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => expire(), MODERATION_UNDO_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div role="status" className="moderation-toast-region">
      {toast && (
        <div className="moderation-toast theme-dark">
          <p className="moderation-toast__text">{toast.text}</p>
          {toast.onUndo && (
            <Button size="small" variant="secondary" className="moderation-toast__undo" onClick={toast.onUndo}>
              Annuler
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
