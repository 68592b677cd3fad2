import { WIKI_ARTICLE_IDS } from './wiki';

/**
 * Every page of the site (spec §2 plus PRODUCT.md's admin pages), shared by the client's
 * route table and the server, which answers unknown paths with a redirect to '/'.
 */
export const PUBLIC_PATHS = [
  '/',
  '/join',
  '/join_as_organisation',
  '/vote',
  '/go_with_calshare',
  '/calshare',
  '/calshare/organisations',
  '/calshare/wiki',
  ...WIKI_ARTICLE_IDS.map((id) => `/calshare/wiki/${id}`),
  '/calshare/privacy_policy',
  '/calshare/visuals',
  '/mentions-legales',
] as const;

/** Pages rendered only in the browser: they depend on who is signed in, or on the URL. */
const CLIENT_RENDERED_PATTERNS = [
  '/account',
  '/leave-a-print',
  '/calshare/surveys/pre-use',
  '/calshare/surveys/post-use',
  '/calshare/download',
  '/calshare/wiki/:articleId',
  '/newsletter-unsubscribe/:userId',
  '/verifier-adresse/:token',
  '/compte-supprime',
  '/admin',
  '/admin/moderation',
  '/admin/organisations',
  '/admin/surveys',
  '/admin/settings',
  '/admin/newsletter-editor',
  '/admin/members',
  '/admin/members/:id',
  '/admin/journal',
  '/admin/textes',
  '/admin/textes/:id',
] as const;

const patterns = [...PUBLIC_PATHS, ...CLIENT_RENDERED_PATTERNS].map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
);

const SLASH = 0x2f;

/**
 * The path without its trailing slashes ('/' stays '/'). A loop, not `replace(/\/+$/, '')`:
 * that regex retries from every slash of a run, so a path of 16,000 slashes (sent by anyone)
 * cost 160 ms of the event loop.
 */
export function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === SLASH) end--;
  return pathname.slice(0, end);
}

/** True when a page exists at this path (trailing slash ignored). */
export function isClientPath(pathname: string): boolean {
  const normalized = trimTrailingSlashes(pathname);
  return patterns.some((pattern) => pattern.test(normalized));
}

/** /account's query parameter naming the page to go back to once signed in. */
export const RETURN_PARAM = 'retour';

/** The base a return value is resolved against: only its origin matters, never its name. */
const SAME_SITE = 'https://same-site.invalid';

/**
 * The page to go back to once signed in, if `value` is a path of one of this site's pages (with
 * its query and hash), or undefined. Only same-site paths pass, so a crafted link cannot send a
 * member who signs in to another site: `//host`, `https://…`, a backslash (read as a slash by
 * browsers) and control characters (dropped by the URL parser, so `/\t/host` would be
 * `//host`) are refused before the URL is parsed, and the parsed origin is checked after.
 */
export function returnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\\\p{Cc}]/u.test(value)) return undefined;
  const url = new URL(value, SAME_SITE);
  if (url.origin !== SAME_SITE || !isClientPath(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /account, asking to come back to `path` (a path of this site) once signed in. */
export function signInPath(path: string): string {
  // A slash needs no escaping in a query's value: the address bar shows retour=/vote.
  return `/account?${RETURN_PARAM}=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
