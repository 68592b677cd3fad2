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
export const CLIENT_RENDERED_PATTERNS = [
  '/account',
  '/leave-a-print',
  '/calshare/surveys/pre-use',
  '/calshare/surveys/post-use',
  '/calshare/download',
  '/calshare/wiki/:articleId',
  '/newsletter-unsubscribe/:userId',
  '/admin',
  '/admin/moderation',
  '/admin/organisations',
  '/admin/surveys',
  '/admin/settings',
  '/admin/newsletter-editor',
] as const;

const patterns = [...PUBLIC_PATHS, ...CLIENT_RENDERED_PATTERNS].map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
);

/** True when a page exists at this path (trailing slash ignored). */
export function isClientPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return patterns.some((pattern) => pattern.test(normalized));
}
