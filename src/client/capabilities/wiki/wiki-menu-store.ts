import { useEffect, useState } from 'react';
import { readWikiData } from '../../../shared/wiki-pages';
import { errorMessage } from '../../platform/http/http';
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

/**
 * The menu, loading it when the page was not sent with it; `onLoaded` runs once it arrives.
 * A failed load is said in French (`error`), or the wiki would stay without its articles.
 */
export function useWikiMenu(onLoaded?: () => void): { menu?: WikiMenuEntry[]; error?: string } {
  const [menu, setMenu] = useState(wikiMenuSnapshot);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (menu) return;
    const controller = new AbortController();
    getWikiMenu(controller.signal).then(
      ({ articles }) => {
        known = articles;
        setMenu(articles);
        onLoaded?.();
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [menu, onLoaded]);
  return { menu, error };
}
