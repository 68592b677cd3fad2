import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WIKI_ARTICLE_IDS } from '../../../shared/wiki';
import { parseFrontMatter } from '../../../shared/markdown-source';
import type { TextContent, TextKind } from '../../../shared/texts';

/**
 * The texts a fresh site starts with: the repository's own, under content/, so nothing changes
 * for a visitor until someone edits. Their {placeholders} stay as written (the page fills them
 * from the public configuration, as the build does today).
 */
export interface DefaultText extends TextContent {
  id: string;
  kind: TextKind;
  position: number;
}

/** Where each text of the site comes from, in the order /admin/textes lists them. */
const SOURCES: readonly { id: string; kind: TextKind; file: string }[] = [
  ...WIKI_ARTICLE_IDS.map((article) => ({ id: `wiki-${article}`, kind: 'wiki' as const, file: `wiki/${article}.md` })),
  { id: 'privacy-policy', kind: 'privacy-policy', file: 'privacy-policy.md' },
  { id: 'founders-message', kind: 'founders-message', file: 'founders-message.md' },
  { id: 'legal-notice', kind: 'legal-notice', file: 'legal-notice.md' },
  { id: 'conditions-utilisation', kind: 'legal-pdf', file: 'legal/conditions-utilisation.md' },
  { id: 'politique-remboursement', kind: 'legal-pdf', file: 'legal/politique-remboursement.md' },
  { id: 'frais-de-service', kind: 'legal-pdf', file: 'legal/frais-de-service.md' },
];

// In the repository, content/ is four folders up; the release's bundle (build/node) carries
// its own copy beside main.js (scripts/bundle-server.mjs).
const CONTENT_DIRS = [new URL('content/', import.meta.url), new URL('../../../../content/', import.meta.url)];

function contentDir(): URL {
  const found = CONTENT_DIRS.find((dir) => fs.existsSync(fileURLToPath(new URL('privacy-policy.md', dir))));
  if (!found) throw new Error(`The site's texts (content/) are missing: looked in ${CONTENT_DIRS.map((dir) => fileURLToPath(dir)).join(', ')}`);
  return found;
}

/** The front matter (title, description, applicable) and the Markdown body of a file of content/. */
export function parseTextSource(source: string, file: string): TextContent {
  const { meta, body } = parseFrontMatter(source, `content/${file}`);
  if (!meta.title) throw new Error(`content/${file}: front matter needs "title"`);
  return { title: meta.title, description: meta.description ?? '', applicable: meta.applicable ?? '', body: body.replace(/^\s*\n/, '') };
}

export function defaultTexts(): DefaultText[] {
  const dir = contentDir();
  return SOURCES.map(({ id, kind, file }, position) => ({
    id,
    kind,
    position,
    ...parseTextSource(fs.readFileSync(new URL(file, dir), 'utf8'), file),
  }));
}
