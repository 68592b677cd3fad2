import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';

/**
 * Asks before the admin leaves a newsletter that is written but not sent: a link of the site
 * opens this dialog; a reload, a typed address or a closed tab, the browser's own question.
 */
export function LeaveWarning({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Quitter l'éditeur ?"
      confirmLabel="Quitter la page"
      busy={false}
      busyLabel="Départ…"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>Ta newsletter n'est pas encore envoyée. Son brouillon reste enregistré dans ce navigateur : tu le retrouveras en revenant sur l'éditeur.</p>
    </ConfirmDialog>
  );
}
