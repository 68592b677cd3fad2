import type { FastifyInstance } from 'fastify';
import { robotsTxt, sitemapXml } from './documents';

/**
 * Served rather than built: their absolute URLs follow PUBLIC_URL as the server reads it,
 * like the canonical links of the pages (rebuilt when it changes, see scripts/start.mjs).
 */
export function seoRoutes(app: FastifyInstance) {
  const { publicUrl } = app.config.public;
  const sitemap = sitemapXml(publicUrl);
  const robots = robotsTxt(publicUrl);

  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
