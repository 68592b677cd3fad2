import { isWikiArticleId, type WikiArticleId } from './wiki';

/**
 * The site's audience, counted the way the CNIL exempts from consent: no cookie, nothing kept
 * in the browser, no address or user agent stored, nothing shared; daily totals per public
 * page and per referring site only, kept 13 months. Each page view (a first load or a
 * navigation inside the site) is sent once by the page (POST /api/audience).
 */

/** The public pages that are counted; a member's, a staff page or one whose address holds an id is not. */
const COUNTED_PAGES = new Set([
  '/',
  '/join',
  '/join_as_organisation',
  '/vote',
  '/go_with_calshare',
  '/calshare',
  '/calshare/organisations',
  '/calshare/download',
  '/calshare/wiki',
  '/calshare/privacy_policy',
  '/calshare/visuals',
  '/mentions-legales',
]);

export const AUDIENCE_PATH_MAX_LENGTH = 200;
export const AUDIENCE_REFERRER_MAX_LENGTH = 2000;
/**
 * Referring sites counted apart in a day (anyone can send any referrer): the views from further
 * sites that day are added up under OTHER_REFERRERS, so the table's rows stay bounded.
 */
export const AUDIENCE_REFERRERS_PER_DAY = 50;
export const OTHER_REFERRERS = 'autres';

/** The page as counted (no query, no trailing '/'), or null when it is not counted. */
export function countedPage(path: string): string | null {
  if (path.length > AUDIENCE_PATH_MAX_LENGTH) return null;
  const page = path.split(/[?#]/, 1)[0].replace(/(.)\/+$/, '$1');
  if (COUNTED_PAGES.has(page)) return page;
  return wikiArticleOfPage(page) ? page : null;
}

/** The wiki article a page shows, if it is one; the server counts it only while visitors can read it. */
export function wikiArticleOfPage(page: string): WikiArticleId | undefined {
  const article = /^\/calshare\/wiki\/([^/]+)$/.exec(page)?.[1];
  return isWikiArticleId(article) ? article : undefined;
}

/** The referring site's host name ('www.google.com'), or '' for none or the site itself. */
export function referringSite(referrer: string, siteUrl: string): string {
  if (!referrer || referrer.length > AUDIENCE_REFERRER_MAX_LENGTH) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  return host === new URL(siteUrl).hostname.toLowerCase() ? '' : host.slice(0, 253);
}

/** POST /api/audience: one page view. `referrer` only with a first load (document.referrer). */
export interface AudienceView {
  path: string;
  referrer?: string;
}

/** GET /api/admin/audience: the last 30 days. */
export interface AudienceReport {
  days: { day: string; visits: number }[];
  pages: { path: string; visits: number }[];
  referrers: { site: string; visits: number }[];
}

export const AUDIENCE_REPORT_DAYS = 30;
export const AUDIENCE_KEEP_MONTHS = 13;
