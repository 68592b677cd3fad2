import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The prerendered pages carry their style sheets inline, each beside its disabled link
 * (scripts/inline-styles.mjs, decision 0024). React Router removes a route's links when the
 * visitor leaves it; this removes the inlined copies of sheets no link asks for any more, so
 * a page reached by navigation is styled exactly as when it is loaded directly.
 */
export function dropUnlinkedInlinedStyles(document: Document) {
  const linked = new Set([...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-inlined-from]')) {
    if (!linked.has(style.dataset.inlinedFrom ?? null)) style.remove();
  }
}

/** Runs dropUnlinkedInlinedStyles after each navigation, once React Router has updated <head>. */
export function useInlinedStyleSheets() {
  const { pathname } = useLocation();
  // Before the browser paints the new page, as the link itself went.
  useLayoutEffect(() => dropUnlinkedInlinedStyles(document), [pathname]);
}
