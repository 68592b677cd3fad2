import type { LiveTopic } from '../../../shared/live';

/**
 * A part of a prerendered page that the server writes from the database (the build has no
 * data). The page holds its place with an empty `<div data-server-part="{name}"></div>`,
 * either inside a `<noscript>`, for a browser that runs no script only (the scripts load
 * their own data; a browser with scripts never parses it, so React's hydration is left
 * alone), or in the page itself, for everyone and for crawlers: then the page's component
 * takes the HTML written there as its own when it hydrates (the client's ServerPart).
 */
export interface PagePart {
  /** The prerendered page's path ('/vote'). */
  path: string;
  name: string;
  /** The changes after which the page is written again. */
  topics: LiveTopic[];
  /** The part's HTML, every text from the database in it escaped. */
  render(): Promise<string>;
}

const place = (name: string) => `<div data-server-part="${name}"></div>`;

/** Refuses, at start-up, a page built without a place for one of its parts: it would be served without it. */
export function checkPlaces(html: string, parts: readonly PagePart[]) {
  for (const part of parts) if (!html.includes(place(part.name))) throw new Error(`${part.path} was built without ${place(part.name)}`);
}

/** The page's HTML with each part written into its place. */
export async function fillPage(html: string, parts: readonly PagePart[]): Promise<string> {
  let filled = html;
  for (const part of parts) {
    const content = await part.render();
    filled = filled.replace(place(part.name), () => `<div data-server-part="${part.name}">${content}</div>`);
  }
  return filled;
}
