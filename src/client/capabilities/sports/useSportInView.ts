import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * When the address's hash names a sport's row (`sportAnchor`), brings that row into view and
 * gives it the focus once the list is on the page (`ready`), so a screen reader lands on it
 * too. The rows arrive after the page, so the browser's own jump to the hash finds nothing.
 */
export function useSportInView(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash.startsWith('#sport-')) return;
    const row = document.getElementById(hash.slice(1));
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [hash, ready]);
}
