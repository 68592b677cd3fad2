import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pageText, type TextVariables } from '../../../shared/texts';
import { renderTextDocument } from '../../../shared/texts-markdown';
import { wikiIdOfText, type WikiAdminArticle, type WikiArticlePage, type WikiMenuEntry, type WikiSearchSection } from '../../../shared/wiki';
import type { Database } from '../../platform/db/schema';
import { CachedValue } from '../../platform/http/cached-value';
import { storedArticles } from './articles';

/**
 * The wiki as visitors get it, made once from the published texts and shared by every request
 * until the next publication (the `texts` notice): the menu, each visible article rendered, and
 * the search's sections. The articles are a few dozen kilobytes, so all of it stays in memory.
 */
interface WikiSnapshot {
  /** Every article, hidden ones too, for the editors. */
  all: WikiAdminArticle[];
  /** The visible articles, in menu order. */
  menu: WikiMenuEntry[];
  pages: Map<string, WikiArticlePage>;
  search: WikiSearchSection[];
}

async function wikiSnapshot(db: Kysely<Database>, variables: TextVariables): Promise<WikiSnapshot> {
  const all: WikiAdminArticle[] = [];
  const menu: WikiMenuEntry[] = [];
  const pages = new Map<string, WikiArticlePage>();
  const search: WikiSearchSection[] = [];
  for (const article of await storedArticles(db)) {
    const id = wikiIdOfText(article.textId)!;
    const entry = { id, title: pageText(article.title, variables), description: pageText(article.description, variables) };
    all.push({ ...entry, hidden: article.hidden });
    if (article.hidden) continue;
    const { html, headings, sections } = renderTextDocument(pageText(article.body, variables), { siteOrigin: variables.publicUrl });
    menu.push(entry);
    pages.set(id, { ...entry, html, headings });
    search.push(...sections.map((section) => ({ articleId: id, articleTitle: entry.title, ...section })));
  }
  return { all, menu, pages, search };
}

const snapshots = new WeakMap<object, CachedValue<WikiSnapshot>>();

/** The app's wiki, made again after every publication on any instance (`texts`). One per app: its routes and pages share it. */
export function currentWiki(app: FastifyInstance): Promise<WikiSnapshot> {
  // Keyed by the hub, which every plugin context of one app shares.
  let cached = snapshots.get(app.liveHub);
  if (!cached) {
    const { appName, projectName, contactEmail, publicUrl } = app.config.public;
    cached = new CachedValue(app.liveHub, ['texts'], () => wikiSnapshot(app.database.db, { appName, projectName, contactEmail, publicUrl }));
    snapshots.set(app.liveHub, cached);
  }
  return cached.get();
}
