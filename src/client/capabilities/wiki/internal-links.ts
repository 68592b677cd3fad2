import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { isClientPath } from '../../../shared/routes';

/**
 * Links inside HTML rendered from Markdown are plain <a> elements; a click on one that
 * leads to another page of the site is turned into an in-app navigation (no full reload).
 * PDFs, the download redirect and other sites keep their normal behaviour.
 */
export function followInternalLinks(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname === '/calshare/download' || !isClientPath(url.pathname)) return;
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}
