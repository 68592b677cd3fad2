import type { MouseEventHandler } from 'react';

/**
 * A place of the wiki's page that the server fills from the published articles
 * (server/capabilities/wiki/pages.ts) and the page fills with the same shared function: empty
 * in the build's prerender, the server's own HTML when hydrating, made here after a navigation.
 */
export function WikiPart({ name, html, className, onClick }: { name: string; html: string; className?: string; onClick?: MouseEventHandler<HTMLElement> }) {
  // Escaped by the shared function that made it, on the server as here.
  return <div data-server-part={name} className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
