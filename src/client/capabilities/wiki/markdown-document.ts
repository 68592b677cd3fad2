import type { WikiSearchSection } from '../../../shared/wiki';

/**
 * A Markdown file of content/ as the pages import it: rendered to HTML at build time by
 * scripts/vite-site-content.ts, so the browser never parses Markdown.
 */
export interface MarkdownDocument {
  title: string;
  description: string;
  /** Legal texts: the date from which they apply, as written ('1er novembre 2023'). */
  applicable?: string;
  html: string;
  headings: { depth: 2 | 3; id: string; text: string }[];
}

/** The wiki search index, loaded only when a visitor searches. */
export type WikiSearchIndex = WikiSearchSection[];
