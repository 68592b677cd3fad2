import type { FastifyInstance } from 'fastify';
import { CachedValue } from '../../platform/http/cached-value';
import { TEXT_PAGE_IDS, type PublishedText, type TextPageId } from '../../../shared/text-pages';
import { pageText, type TextVariables, type TextVersion } from '../../../shared/texts';
import { renderTextDocument } from '../../../shared/texts-markdown';
import type { Config } from '../../config';
import { publishedVersion } from './queries';

/** The placeholders' values: the public configuration, as the build fills them. */
export const textVariables = ({ public: { appName, projectName, contactEmail, publicUrl } }: Config): TextVariables => ({ appName, projectName, contactEmail, publicUrl });

/** A version's words as its page shows them: placeholders filled, French spacing. */
export function pageContent(version: TextVersion, variables: TextVariables) {
  return {
    title: pageText(version.title, variables),
    description: pageText(version.description, variables),
    applicable: pageText(version.applicable, variables),
    body: pageText(version.body, variables),
  };
}

/** A published text made into what its page shows: the one renderer, the site's address for its links. */
async function readPublishedText(app: FastifyInstance, id: TextPageId): Promise<PublishedText> {
  const found = await publishedVersion(app.database.db, id);
  // The capability's seed puts every page's text in as the app is built.
  if (!found) throw new Error(`The text ${id} is missing: it is seeded when the app is built`);
  const { title, description, applicable, body } = pageContent(found.published, textVariables(app.config));
  const { html, headings } = renderTextDocument(body, { siteOrigin: app.config.public.publicUrl });
  return { id, version: found.published.version, title, description, applicable, html, headings };
}

const cached = new WeakMap<FastifyInstance, Map<TextPageId, CachedValue<PublishedText>>>();

/**
 * The published text as its page shows it, made once per instance and publication (the
 * `texts` notice drops it), for the page parts and GET /api/texts/:id alike: a page has
 * several parts of one text, and a long policy takes tens of milliseconds to render.
 */
export function publishedText(app: FastifyInstance, id: TextPageId): Promise<PublishedText> {
  let texts = cached.get(app);
  if (!texts) {
    texts = new Map(TEXT_PAGE_IDS.map((page) => [page, new CachedValue(app.liveHub, ['texts'], () => readPublishedText(app, page))]));
    cached.set(app, texts);
  }
  return texts.get(id)!.get();
}
