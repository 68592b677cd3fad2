import type { MetaDescriptor } from 'react-router';
import { publicConfig } from './config';
import { VISUALS, visualPath } from './capabilities/calshare/visuals';

interface PageMeta {
  title: string;
  description: string;
  /** Canonical path of the page, e.g. '/join'. */
  path: string;
  /** Pages behind login are kept out of search results. */
  noindex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for one page. */
export function pageMeta({ title, description, path, noindex }: PageMeta): MetaDescriptor[] {
  const fullTitle = path === '/' ? title : `${title} · ${publicConfig.projectName}`;
  const url = `${publicConfig.publicUrl}${path}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:site_name', content: publicConfig.projectName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${publicConfig.publicUrl}${visualPath('openGraph')}` },
    { property: 'og:image:width', content: String(VISUALS.openGraph.width) },
    { property: 'og:image:height', content: String(VISUALS.openGraph.height) },
    { property: 'og:image:alt', content: VISUALS.openGraph.label },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
