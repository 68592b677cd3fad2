import { WIKI_ARTICLE_IDS, type WikiArticleId } from '../../../shared/wiki';
import type { MarkdownDocument } from './markdown-document';

// Rendered to HTML at build time (scripts/vite-site-content.ts): every article is in the
// page's code so moving between articles needs no request.
const modules = import.meta.glob<MarkdownDocument>('/content/wiki/*.md', { eager: true, import: 'default' });

function load(id: WikiArticleId): MarkdownDocument {
  const document = modules[`/content/wiki/${id}.md`];
  if (!document) throw new Error(`content/wiki/${id}.md is missing`);
  return document;
}

export const WIKI_ARTICLES: Record<WikiArticleId, MarkdownDocument> = Object.fromEntries(
  WIKI_ARTICLE_IDS.map((id) => [id, load(id)]),
) as Record<WikiArticleId, MarkdownDocument>;
