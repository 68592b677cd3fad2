import { useEffect, useState } from 'react';
import { readWikiData } from '../../../shared/wiki-pages';
import type { WikiMenuEntry } from '../../../shared/wiki';
import { getWikiMenu } from './api';

/**
 * The wiki's menu as the page knows it: the one the server wrote into the page it sent (so
 * hydration renders exactly what the server did, and the page's title is the article's), or,
 * after a navigation from another page, the one loaded from /api/wiki. Kept for the visit.
 */
let known: WikiMenuEntry[] | undefined;

/** Undefined during the build's prerender, and after a navigation until /api/wiki answers. */
export function wikiMenuSnapshot(): WikiMenuEntry[] | undefined {
  if (known === undefined && typeof document !== 'undefined') known = readWikiData(document);
  return known;
}

/** The menu, loading it when the page was not sent with it; `onLoaded` runs once it arrives. */
export function useWikiMenu(onLoaded?: () => void): { menu?: WikiMenuEntry[]; error?: boolean } {
  const [menu, setMenu] = useState(wikiMenuSnapshot);
  const [error, setError] = useState(false);
  useEffect(() => {
    if (menu) return;
    const controller = new AbortController();
    getWikiMenu(controller.signal).then(
      ({ articles }) => {
        known = articles;
        setMenu(articles);
        onLoaded?.();
      },
      () => {
        if (!controller.signal.aborted) setError(true);
      },
    );
    return () => controller.abort();
  }, [menu, onLoaded]);
  return { menu, error };
}
