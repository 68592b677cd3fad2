import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { countedPage, type AudienceView } from '../../../shared/audience';

/**
 * Sends each page view to the site's audience count (shared/audience.ts): the first load with
 * where the visitor came from, then each navigation inside the site. A beacon: it never
 * delays the page, and nothing is kept in the browser.
 */
export function useAudience() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const view: AudienceView = { path: pathname };
    if (first.current) {
      first.current = false;
      if (document.referrer) view.referrer = document.referrer;
    }
    // Pages that are not counted are not even sent.
    if (!countedPage(pathname)) return;
    navigator.sendBeacon?.('/api/audience', new Blob([JSON.stringify(view)], { type: 'application/json' }));
  }, [pathname]);
}
