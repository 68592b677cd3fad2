/**
 * The screenshots editors put into the wiki's articles: the only images a text may show. They
 * are the site's own (an image from elsewhere would tell another site who reads the page, and
 * the pages' Content-Security-Policy allows none), named by the SHA-256 of their content, and
 * their address carries their size, so the page keeps their place before they load.
 */
const WIKI_IMAGE_PATH_PATTERN = /^\/api\/wiki\/images\/([0-9a-f]{64})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.webp$/;

export const wikiImagePath = (image: { hash: string; width: number; height: number }) => `/api/wiki/images/${image.hash}-${image.width}x${image.height}.webp`;

/** The size an image's address gives, or undefined for an address that is not a screenshot's. */
export function wikiImageSize(src: string): { width: string; height: string } | undefined {
  const match = WIKI_IMAGE_PATH_PATTERN.exec(src);
  return match ? { width: match[2], height: match[3] } : undefined;
}
