import type { FastifyInstance } from 'fastify';
import type { WikiArticlePage, WikiMenu, WikiSearchSection } from '../../../shared/wiki';
import { AppError } from '../../platform/http/errors';
import { integer, listOf, object, shape, string, text } from '../../platform/http/schema';
import { findScreenshot } from './images';
import { currentWiki } from './snapshot';

const entry = { id: text, title: text, description: text };
const menuShape = shape({ articles: listOf(shape(entry)) });
const pageShape = shape({ ...entry, html: text, headings: listOf(shape({ depth: integer, id: text, text: text })) });
const searchShape = shape({ sections: listOf(shape({ articleId: text, articleTitle: text, anchor: text, heading: text, text: text })) });

/**
 * What a wiki page loads after a navigation inside the site (the server wrote the same into a
 * page loaded whole): the menu, an article, the search's sections. Each may be a few seconds
 * old at most, so the browser asks again each time (no-cache), and the screenshots, named by
 * their content, are kept for good.
 */
export function wikiPublicRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/wiki', { schema: { response: { 200: menuShape } } }, async (_request, reply): Promise<WikiMenu> => {
    reply.header('cache-control', 'no-cache');
    return { articles: (await currentWiki(app)).menu };
  });

  app.get<{ Params: { id: string } }>(
    '/api/wiki/articles/:id',
    { schema: { params: object({ id: string({ maxLength: 100 }) }), response: { 200: pageShape } } },
    async (request, reply): Promise<WikiArticlePage> => {
      const page = (await currentWiki(app)).pages.get(request.params.id);
      if (!page) throw new AppError(404, 'wiki/unknown-article');
      reply.header('cache-control', 'no-cache');
      return page;
    },
  );

  app.get('/api/wiki/search-index', { schema: { response: { 200: searchShape } } }, async (_request, reply): Promise<{ sections: WikiSearchSection[] }> => {
    reply.header('cache-control', 'no-cache');
    return { sections: (await currentWiki(app)).search };
  });

  app.get<{ Params: { name: string } }>(
    '/api/wiki/images/:name',
    { schema: { params: object({ name: { type: 'string', maxLength: 100, pattern: '^[0-9a-f]{64}-[0-9]{1,5}x[0-9]{1,5}\\.webp$' } }) } },
    async (request, reply) => {
      const content = await findScreenshot(db, request.params.name.slice(0, 64));
      if (!content) throw new AppError(404, 'http/not-found');
      // Named by its content: another image is another address.
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(content);
    },
  );
}
