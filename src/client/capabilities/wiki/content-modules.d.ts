// Modules made by scripts/vite-site-content.ts at build time.
declare module '*.md' {
  const document: import('./markdown-document').MarkdownDocument;
  export default document;
}

declare module 'virtual:wiki-search-index' {
  const index: import('./markdown-document').WikiSearchIndex;
  export default index;
}
