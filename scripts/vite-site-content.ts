import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { renderVisuals } from '../src/build-time/calshare/render-visuals';
import { readMarkdownSource, type ContentVariables } from '../src/shared/markdown-source';
import type { MarkdownDocument, WikiSearchIndex } from '../src/client/capabilities/wiki/markdown-document';
import { renderTextDocument } from '../src/shared/texts-markdown';
import type { PublicConfig } from '../src/shared/public-config';
import { WIKI_ARTICLE_IDS } from '../src/shared/wiki';

const CONTENT_DIR = path.resolve('content');
const SEARCH_INDEX = 'virtual:wiki-search-index';
const RESOLVED_SEARCH_INDEX = `\0${SEARCH_INDEX}`;

/**
 * The site's texts and generated files, all made at build time:
 * - `import doc from '…/content/x.md'` gives the page its HTML, title, description and
 *   headings (no Markdown parser in the browser);
 * - `virtual:wiki-search-index` is the wiki's plain text per section, loaded on demand;
 * - the client build also emits the visuals (visuals/*.png) next to the pages.
 * The privacy policy, the founders' message, the legal notice's free text and the legal PDFs
 * are the published texts the server writes (src/server/capabilities/texts).
 */
export function siteContent(config: PublicConfig): Plugin[] {
  const variables: ContentVariables = {
    projectName: config.projectName,
    appName: config.appName,
    contactEmail: config.contactEmail,
    publicUrl: config.publicUrl,
  };

  const read = (file: string, required: string[]) => {
    const relative = path.relative(process.cwd(), file);
    return readMarkdownSource(fs.readFileSync(file, 'utf8'), variables, required, relative);
  };

  function markdownModule(file: string): MarkdownDocument {
    const { meta, body } = read(file, ['title', 'description']);
    const { html, headings } = renderTextDocument(body, { siteOrigin: config.publicUrl });
    return { title: meta.title, description: meta.description, ...(meta.applicable ? { applicable: meta.applicable } : {}), html, headings };
  }

  function searchIndex(): WikiSearchIndex {
    return WIKI_ARTICLE_IDS.flatMap((articleId) => {
      const { meta, body } = read(path.join(CONTENT_DIR, 'wiki', `${articleId}.md`), ['title', 'description']);
      return renderTextDocument(body, { siteOrigin: config.publicUrl }).sections.map((section) => ({ articleId, articleTitle: meta.title, ...section }));
    });
  }

  return [
    {
      name: 'site-content:markdown',
      enforce: 'pre',
      resolveId(id) {
        return id === SEARCH_INDEX ? RESOLVED_SEARCH_INDEX : undefined;
      },
      load(id) {
        if (id === RESOLVED_SEARCH_INDEX) {
          for (const articleId of WIKI_ARTICLE_IDS) this.addWatchFile(path.join(CONTENT_DIR, 'wiki', `${articleId}.md`));
          return `export default ${JSON.stringify(searchIndex())};`;
        }
        const file = id.split('?')[0];
        if (!file.endsWith('.md')) return undefined;
        return `export default ${JSON.stringify(markdownModule(file))};`;
      },
    },
    {
      name: 'site-content:files',
      apply: 'build',
      async generateBundle() {
        // Once, with the browser's files: the prerender build must not emit them again.
        if (this.environment.config.consumer !== 'client') return;
        for (const { file, png } of await renderVisuals(config)) {
          this.emitFile({ type: 'asset', fileName: file, source: png });
        }
      },
    },
  ];
}
