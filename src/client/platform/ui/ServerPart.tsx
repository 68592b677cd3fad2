import { useState } from 'react';
import { useLoad } from '../data/useLoad';
import { ErrorBox } from './ErrorBox';

/** The HTML the server wrote into this page's place, when the page was loaded with it (not after a navigation). */
function writtenByServer(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const place = document.querySelector(`[data-server-part="${name}"]`);
  return place && place.innerHTML !== '' ? place.innerHTML : undefined;
}

/**
 * A part of a prerendered page that the server writes at run time (server's
 * platform/http/page-parts.ts), outside any <noscript>: the build leaves its place empty, the
 * server fills it from the database, so a visitor without JavaScript and a crawler read it.
 * Hydrating, the page takes the HTML the server wrote as its own, so nothing moves and no
 * spinner shows; after a navigation inside the site, it loads the same data and renders it
 * with the same function the server used (`render`), `waiting` shown meanwhile.
 */
export function ServerPart<T>({
  name,
  load,
  render,
  waiting,
  className,
  inline = false,
}: {
  name: string;
  load: (signal: AbortSignal) => Promise<T>;
  render: (data: T) => string;
  waiting?: React.ReactNode;
  /** The place's own classes (a prose text's, whose styles look at its children). */
  className?: string;
  /**
   * A span among words (a heading's text), which can hold neither a spinner nor an error box:
   * the block part it heads shows those.
   */
  inline?: boolean;
}) {
  const [written] = useState(() => writtenByServer(name));
  const { data, error } = useLoad(written === undefined ? name : null, load);
  const html = written ?? (data === undefined ? '' : render(data));
  // The build's prerender leaves the place bare: the page it makes is hydrated with the server's part in it.
  const prerendering = typeof document === 'undefined';
  // Escaped by `render`, on the server as here.
  if (inline) return <span data-server-part={name} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <>
      {html === '' && !error && !prerendering && waiting}
      {error && <ErrorBox message={error} />}
      {/* Escaped by `render`, on the server as here. */}
      <div data-server-part={name} className={className} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
