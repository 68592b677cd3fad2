import { wikiArticlePath, wikiNeighbours, type WikiArticleId, type WikiArticlePage, type WikiMenuEntry } from './wiki';

/**
 * The wiki's parts written from the database: by the server into the prerendered pages (so a
 * visitor without JavaScript and a crawler read the published articles), and by the page
 * itself after a navigation inside the site, with these same functions, so that both agree to
 * the character and hydration finds what it expects. Every text from the database is escaped
 * here; an article's body comes already rendered and sanitised (shared/texts-markdown.ts).
 */
export const WIKI_MENU_PART = 'wiki-menu';
export const WIKI_INDEX_PART = 'wiki-index';
export const WIKI_ARTICLE_PART = 'wiki-article';
/** The links to the articles before and after, below the feedback question the page itself asks. */
export const WIKI_PAGER_PART = 'wiki-pager';
/** The menu as data, for the page's title and links once its scripts run. */
export const WIKI_DATA_PART = 'wiki-data';
const WIKI_DATA_ID = 'wiki-menu-data';
/** The menu's list: the button that folds it on a phone names it. */
export const WIKI_MENU_LIST_ID = 'wiki-menu-list';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The side menu's list: the wiki's home, then every visible article, the current one marked. */
export function wikiMenuHtml(menu: readonly WikiMenuEntry[], current: WikiArticleId | null): string {
  const item = (href: string, label: string, isCurrent: boolean) =>
    `<li><a href="${escapeHtml(href)}"${isCurrent ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`;
  return [
    `<ul id="${WIKI_MENU_LIST_ID}" class="side-menu wiki-menu__list">`,
    item('/calshare/wiki', "Accueil de l'aide", current === null),
    ...menu.map((entry) => item(wikiArticlePath(entry.id), entry.title, entry.id === current)),
    '</ul>',
  ].join('');
}

/** /calshare/wiki's cards, one per visible article. */
export function wikiIndexHtml(menu: readonly WikiMenuEntry[]): string {
  const cards = menu.map(
    (entry) =>
      `<li class="card card--interactive wiki-card"><h2 class="card__title"><a class="wiki-card__link" href="${escapeHtml(wikiArticlePath(entry.id))}">${escapeHtml(entry.title)}</a></h2><p class="muted">${escapeHtml(entry.description)}</p></li>`,
  );
  return `<ul class="grid grid--2 wiki-index__list" role="list">${cards.join('')}</ul>`;
}

/** One article: breadcrumb, title, summary, its sections when there are more than two, and its body. */
export function wikiArticleHtml(article: WikiArticlePage): string {
  const sections = article.headings.filter((heading) => heading.depth === 2);
  const toc =
    sections.length > 2
      ? `<nav class="wiki-toc" aria-labelledby="wiki-toc-title"><h2 id="wiki-toc-title" class="wiki-toc__title">Dans cet article</h2><ul>${sections
          .map((heading) => `<li><a href="#${escapeHtml(heading.id)}">${escapeHtml(heading.text)}</a></li>`)
          .join('')}</ul></nav>`
      : '';
  return [
    '<article class="wiki-article" aria-labelledby="wiki-article-title">',
    `<nav aria-label="Fil d'Ariane" class="breadcrumb"><ol><li><a href="/calshare/wiki">Aide</a></li><li aria-current="page">${escapeHtml(article.title)}</li></ol></nav>`,
    `<h1 id="wiki-article-title">${escapeHtml(article.title)}</h1>`,
    article.description ? `<p class="lead">${escapeHtml(article.description)}</p>` : '',
    toc,
    `<div class="prose wiki-article__body">${article.html}</div>`,
    '</article>',
  ].join('');
}

/** The way to the articles before and after this one in the menu ('' for an article alone). */
export function wikiPagerHtml(id: WikiArticleId, menu: readonly WikiMenuEntry[]): string {
  const { previous, next } = wikiNeighbours(menu, id);
  if (!previous && !next) return '';
  const link = (entry: WikiMenuEntry, side: 'previous' | 'next') =>
    `<a class="wiki-pager__link wiki-pager__link--${side}" href="${escapeHtml(wikiArticlePath(entry.id))}" rel="${side === 'previous' ? 'prev' : 'next'}"><span class="wiki-pager__label">${
      side === 'previous' ? 'Article précédent' : 'Article suivant'
    }</span><span class="wiki-pager__title">${escapeHtml(entry.title)}</span></a>`;
  return `<nav class="wiki-pager" aria-label="Articles précédent et suivant">${previous ? link(previous, 'previous') : ''}${next ? link(next, 'next') : ''}</nav>`;
}

/** The menu as a JSON data block (never run: browsers only run scripts of a JavaScript type), `<` escaped so no text can close it. */
export function wikiDataHtml(menu: readonly WikiMenuEntry[]): string {
  const json = JSON.stringify(menu).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/json" id="${WIKI_DATA_ID}">${json}</script>`;
}

/**
 * The menu the server wrote into this page, or undefined (after a navigation, or during the
 * build's prerender). Looked up as a script, which no published text can contain: an article's
 * element with the same id is never taken for it.
 */
export function readWikiData(doc: { querySelector(selector: string): { textContent: string | null } | null }): WikiMenuEntry[] | undefined {
  const block = doc.querySelector(`script#${WIKI_DATA_ID}`);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as WikiMenuEntry[];
  } catch {
    return undefined;
  }
}

/** An article page's title and description, the same in the page the server sends and the one the browser makes. */
export function wikiArticleMeta(entry: WikiMenuEntry, appName: string): { title: string; description: string } {
  return { title: `${entry.title} · Aide ${appName}`, description: entry.description || `${entry.title} : un article de l'aide ${appName}.` };
}
