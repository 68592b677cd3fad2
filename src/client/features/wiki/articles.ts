import { use } from 'react';
import summaries from 'virtual:wiki-articles';
import prerendered from 'virtual:wiki-prerendered-articles';
import type { WikiArticleId } from '../../../shared/wiki';
import type { MarkdownDocument } from './markdown-document';

/** Every article's title and description: small, so every wiki page has them at hand. */
export const WIKI_ARTICLES = summaries;

// Each article's HTML (rendered at build time, scripts/vite-site-content.ts) is its own
// chunk: a page downloads the one article it shows, the next one when the visitor moves on.
const chunks = import.meta.glob<MarkdownDocument>('/content/wiki/*.md', { import: 'default' });

// The prerender has every article at hand, so each page is written whole without waiting;
// in the browser this starts empty.
const loaded = new Map(Object.entries(prerendered) as [WikiArticleId, MarkdownDocument][]);
const loading = new Map<WikiArticleId, Promise<MarkdownDocument>>();

function load(id: WikiArticleId): Promise<MarkdownDocument> {
  let promise = loading.get(id);
  if (!promise) {
    const chunk = chunks[`/content/wiki/${id}.md`];
    if (!chunk) throw new Error(`content/wiki/${id}.md is missing`);
    promise = chunk().then(
      (document) => {
        loaded.set(id, document);
        return document;
      },
      (error: unknown) => {
        // A failed download (network lost) is tried again on the next visit of the article.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

/**
 * The article's HTML and headings. While its chunk downloads, the component suspends: on a
 * prerendered page React keeps the article's server HTML on screen until then.
 */
export function useWikiArticle(id: WikiArticleId): MarkdownDocument {
  return loaded.get(id) ?? use(load(id));
}
