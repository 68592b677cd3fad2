import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LEGAL_DOCUMENTS } from '../../../shared/legal';
import { isTextPageId, type PublishedText } from '../../../shared/text-pages';
import { textMessages } from '../../../shared/texts';
import { CachedValue } from '../../platform/http/cached-value';
import { AppError } from '../../platform/http/errors';
import { integer, listOf, object, shape, string, text } from '../../platform/http/schema';
import { renderLegalPdf } from './legal-pdf';
import { pageContent, publishedText, textVariables } from './published';
import { publishedVersion } from './queries';

const publishedShape = shape({
  id: text,
  version: integer,
  title: text,
  description: text,
  applicable: text,
  html: text,
  headings: listOf(shape({ depth: integer, id: text, text: text })),
});

interface LegalPdf {
  pdf: Buffer;
  etag: string;
}

/**
 * What visitors get of the published texts besides the pages the server fills: a text as its
 * page shows it, for a page reached by a navigation inside the site, and the three legal
 * documents as PDF, drawn again from their published text after each publication. Both are
 * made once per instance and kept until the `texts` notice (any instance's publication).
 */
export function textsPublicRoutes(app: FastifyInstance) {
  // The PDF is the version's text with the site's names and address: another configuration, another document.
  const configured = createHash('sha1').update(JSON.stringify(textVariables(app.config))).digest('base64url').slice(0, 8);
  app.get<{ Params: { id: string } }>(
    '/api/texts/:id',
    { schema: { params: object({ id: string({ maxLength: 64 }) }), response: { 200: publishedShape } } },
    async (request, reply): Promise<PublishedText> => {
      const { id } = request.params;
      if (!isTextPageId(id)) throw new AppError(404, 'texts/not-found', textMessages.notFound);
      reply.header('cache-control', 'no-cache');
      return publishedText(app, id);
    },
  );

  const pdfs = new Map<string, CachedValue<LegalPdf>>(
    LEGAL_DOCUMENTS.map(({ slug }) => [
      `${slug}.pdf`,
      new CachedValue(app.liveHub, ['texts'], async (): Promise<LegalPdf> => {
        const found = await publishedVersion(app.database.db, slug);
        if (!found) throw new Error(`The text ${slug} is missing: it is seeded when the app is built`);
        const { title, applicable, body } = pageContent(found.published, textVariables(app.config));
        const pdf = await renderLegalPdf({ title, applicable, body, projectName: app.config.public.projectName, publicUrl: app.config.public.publicUrl });
        return { pdf, etag: `"${slug}-${found.published.version}-${configured}"` };
      }),
    ]),
  );

  app.get<{ Params: { file: string } }>(
    '/legal/:file',
    { schema: { params: object({ file: { type: 'string', pattern: '^[a-z-]{1,64}\\.pdf$' } }) } },
    async (request, reply) => {
      const cached = pdfs.get(request.params.file);
      if (!cached) throw new AppError(404, 'http/not-found');
      const { pdf, etag } = await cached.get();
      // A publication makes another version: the browser asks each time, and gets a 304 while it holds this one.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/pdf').send(pdf);
    },
  );
}
