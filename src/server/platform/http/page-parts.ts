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
  /**
   * The page's title, description and address when they come from the database too: written
   * over the build's (`withPageMeta`), for search engines and link previews.
   */
  head?(): Promise<PageMeta>;
}

const place = (name: string) => `<div data-server-part="${name}"></div>`;
// The place may carry classes of its own after its name (a prose text's), and be a span where
// it sits among words (a heading's text).
const placeOf = (name: string) => new RegExp(`<(div|span) data-server-part="${name}"((?: [a-z-]+="[^"]*")*)></\\1>`);

/** Refuses, at start-up, a page built without a place for one of its parts: it would be served without it. */
export function checkPlaces(html: string, parts: readonly PagePart[]) {
  for (const part of parts) if (!placeOf(part.name).test(html)) throw new Error(`${part.path} was built without ${place(part.name)}`);
}

/** The page's HTML with each part written into its place. */
export async function fillPage(html: string, parts: readonly PagePart[]): Promise<string> {
  let filled = html;
  for (const part of parts) {
    const content = await part.render();
    filled = filled.replace(placeOf(part.name), (_place, tag: string, attributes: string) => `<${tag} data-server-part="${part.name}"${attributes}>${content}</${tag}>`);
    if (part.head) filled = withPageMeta(filled, await part.head());
  }
  return filled;
}

/**
 * Pages under one address that the server writes whole from one prerendered page, its shell:
 * the wiki's articles, which editors create after the build. The shell's parts are filled, and
 * its title, description and addresses replaced (`withPageMeta`), by `render`, which answers
 * undefined for an address with no page: that one is redirected to `missing`, the browser
 * keeping no trace of it in its history.
 */
export interface PageFamily {
  /** '/calshare/wiki/': every address under it, and none other. */
  prefix: string;
  /** The prerendered page whose HTML is every page's shell. */
  shell: string;
  /** The places its pages' parts are written into: a shell built without one is refused at start-up. */
  places: string[];
  missing: string;
  /** The changes after which its pages are written again. */
  topics: LiveTopic[];
  /** Whether this address has a page (cheap: asked on every request). */
  exists(path: string): Promise<boolean>;
  render(shell: string, path: string): Promise<string | undefined>;
  /** Its pages' addresses, for the sitemap. */
  paths(): Promise<string[]>;
}

export interface PageMeta {
  /** The whole title, as the page's own meta makes it. */
  title: string;
  description: string;
  /** The canonical address, absolute. */
  url: string;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The shell's title, description, canonical and Open Graph tags replaced by the page's own. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const content = (attribute: string, value: string) => (page: string) =>
    page.replace(new RegExp(`(<meta ${attribute} content=")[^"]*(")`), (_whole, before: string, after: string) => `${before}${escapeAttribute(value)}${after}`);
  const steps = [
    (page: string) => page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(meta.title)}</title>`),
    content('name="description"', meta.description),
    content('property="og:title"', meta.title),
    content('property="og:description"', meta.description),
    content('property="og:url"', meta.url),
    (page: string) => page.replace(/(<link rel="canonical" href=")[^"]*(")/, (_whole, before: string, after: string) => `${before}${escapeAttribute(meta.url)}${after}`),
  ];
  return steps.reduce((page, step) => step(page), html);
}
