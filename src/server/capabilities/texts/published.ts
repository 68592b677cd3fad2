import type { FastifyInstance } from 'fastify';
import type { PublishedText, TextPageId } from '../../../shared/text-pages';
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
export async function readPublishedText(app: FastifyInstance, id: TextPageId): Promise<PublishedText> {
  const found = await publishedVersion(app.database.db, id);
  // The capability's seed puts every page's text in as the app is built.
  if (!found) throw new Error(`The text ${id} is missing: it is seeded when the app is built`);
  const { title, description, applicable, body } = pageContent(found.published, textVariables(app.config));
  const { html, headings } = renderTextDocument(body, { siteOrigin: app.config.public.publicUrl });
  return { id, version: found.published.version, title, description, applicable, html, headings };
}
