import type { FastifyInstance } from 'fastify';
import {
  WIKI_ARTICLE_PART,
  WIKI_DATA_PART,
  WIKI_INDEX_PART,
  WIKI_MENU_PART,
  WIKI_PAGER_PART,
  wikiArticleHtml,
  wikiArticleMeta,
  wikiDataHtml,
  wikiIndexHtml,
  wikiMenuHtml,
  wikiPagerHtml,
} from '../../../shared/wiki-pages';
import { wikiArticlePath } from '../../../shared/wiki';
import { fillPage, withPageMeta, type PageFamily, type PagePart } from '../../platform/http/page-parts';
import { currentWiki } from './snapshot';

const PREFIX = '/calshare/wiki/';

/** /calshare/wiki: the menu and the index's cards from the published articles. */
export const wikiPageParts = (app: FastifyInstance): PagePart[] => {
  const part = (name: string, render: (wiki: Awaited<ReturnType<typeof currentWiki>>) => string): PagePart => ({
    path: '/calshare/wiki',
    name,
    topics: ['texts'],
    render: async () => render(await currentWiki(app)),
  });
  return [
    part(WIKI_MENU_PART, (wiki) => wikiMenuHtml(wiki.menu, null)),
    part(WIKI_INDEX_PART, (wiki) => wikiIndexHtml(wiki.menu)),
    part(WIKI_DATA_PART, (wiki) => wikiDataHtml(wiki.menu)),
  ];
};

/**
 * Every article's page, those created since the build too, made from the prerendered page of
 * the wiki's first article: its title and description replaced, its menu, article and data
 * written from the published texts (the pager apart: the page puts its feedback question between). A hidden or unknown article's address is redirected to
 * the wiki's home, as the page does in the browser (spec §2).
 */
export const wikiPageFamilies = (app: FastifyInstance): PageFamily[] => {
  const { appName, projectName, publicUrl } = app.config.public;
  const articleOf = async (path: string) => {
    const wiki = await currentWiki(app);
    const page = wiki.pages.get(path.slice(PREFIX.length));
    return page && { wiki, page };
  };
  return [
    {
      prefix: PREFIX,
      shell: '/calshare/wiki/home',
      places: [WIKI_MENU_PART, WIKI_ARTICLE_PART, WIKI_PAGER_PART, WIKI_DATA_PART],
      missing: '/calshare/wiki',
      topics: ['texts'],
      exists: async (path) => (await articleOf(path)) !== undefined,
      async render(shell, path) {
        const found = await articleOf(path);
        if (!found) return undefined;
        const { wiki, page } = found;
        const meta = wikiArticleMeta(page, appName);
        // As the page's own meta makes it (client/seo.ts): the project's name after the page's.
        const html = withPageMeta(shell, { title: `${meta.title} · ${projectName}`, description: meta.description, url: `${publicUrl}${wikiArticlePath(page.id)}` });
        const write = (name: string, content: string): PagePart => ({ path, name, topics: ['texts'], render: async () => content });
        return fillPage(html, [
          write(WIKI_MENU_PART, wikiMenuHtml(wiki.menu, page.id)),
          write(WIKI_ARTICLE_PART, wikiArticleHtml(page)),
          write(WIKI_PAGER_PART, wikiPagerHtml(page.id, wiki.menu)),
          write(WIKI_DATA_PART, wikiDataHtml(wiki.menu)),
        ]);
      },
      paths: async () => (await currentWiki(app)).menu.map((entry) => wikiArticlePath(entry.id)),
    },
  ];
};
