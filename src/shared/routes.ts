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
  '/admin',
  '/admin/moderation',
  '/admin/organisations',
  '/admin/surveys',
  '/admin/settings',
  '/admin/newsletter-editor',
  '/admin/members',
  '/admin/members/:id',
  '/admin/journal',
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
