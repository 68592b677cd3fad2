import type { ReactNode } from 'react';
import type { PublishedText, TextPageId } from '../../../shared/text-pages';
import { api } from '../../platform/http/http';
import { ServerPart } from '../../platform/ui/ServerPart';

/** A published text as its page shows it (GET /api/texts/:id), for a page reached by a navigation inside the site. */
export function getPublishedText(id: TextPageId, signal?: AbortSignal): Promise<PublishedText> {
  return api<PublishedText>(`/api/texts/${id}`, { signal });
}

/**
 * A piece of a page made from a published text: the server wrote it into the page it sent
 * (platform/http/page-parts.ts), so a visitor without JavaScript and a crawler read it and
 * hydration keeps it; after a navigation it is loaded and made by the same function.
 */
export function PublishedTextPart({
  id,
  name,
  render,
  className,
  waiting,
  inline,
}: {
  id: TextPageId;
  name: string;
  render: (text: PublishedText) => string;
  className?: string;
  waiting?: ReactNode;
  inline?: boolean;
}) {
  return <ServerPart name={name} load={(signal) => getPublishedText(id, signal)} render={render} className={className} waiting={waiting} inline={inline} />;
}

/**
 * The page's title and description as the server wrote them, while the page the server sent is
 * the one on screen (hydrating it, the page's meta must say the same); undefined after a
 * navigation, when the page's own words stand until the next load.
 */
export function writtenHead(heading: string): { title: string; description: string } | undefined {
  if (typeof document === 'undefined') return undefined;
  const title = document.querySelector(`[data-server-part="${heading}"] h1`)?.textContent;
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
  return title && description != null ? { title, description } : undefined;
}
