/** Pages that are personal, administrative or only a redirect: nothing for a search engine. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/admin',
  '/account',
  '/leave-a-print',
  '/calshare/surveys/',
  '/calshare/download',
  '/newsletter-unsubscribe/',
  '/verifier-adresse/',
  '/compte-supprime',
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Every public page, at the address the canonical links give (PUBLIC_URL). */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
