// Modules made by scripts/vite-site-content.ts at build time.
declare module '*.md' {
  const document: import('./markdown-document').MarkdownDocument;
  export default document;
}

declare module 'virtual:wiki-articles' {
  const summaries: import('./markdown-document').WikiArticleSummaries;
  export default summaries;
}

declare module 'virtual:wiki-prerendered-articles' {
  const documents: Partial<Record<import('../../../shared/wiki').WikiArticleId, import('./markdown-document').MarkdownDocument>>;
  export default documents;
}

declare module 'virtual:wiki-search-index' {
  const index: import('./markdown-document').WikiSearchIndex;
  export default index;
}
