import type { FastifyInstance } from 'fastify';
import { PUBLIC_PATHS } from '../../../shared/routes';
import type { PageFamily } from '../http/page-parts';
import { robotsTxt, sitemapXml } from './documents';

/**
 * The public pages in the order of the route table, a family's pages (the wiki's articles, from
 * the database) in place of the prerendered ones under its address.
 */
async function sitemapPaths(families: readonly PageFamily[]): Promise<string[]> {
  const paths: string[] = [];
  const listed = new Set<PageFamily>();
  for (const path of PUBLIC_PATHS) {
    const family = families.find((candidate) => path.startsWith(candidate.prefix));
    if (!family) paths.push(path);
    else if (!listed.has(family)) {
      listed.add(family);
      paths.push(...(await family.paths()));
    }
  }
  return paths;
}

/**
 * Served rather than built: their absolute URLs follow PUBLIC_URL as the server reads it,
 * like the canonical links of the pages (rebuilt when it changes, see scripts/start.mjs).
 */
export function seoRoutes(app: FastifyInstance, families: readonly PageFamily[] = []) {
  const { publicUrl } = app.config.public;
  const robots = robotsTxt(publicUrl);

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl, await sitemapPaths(families))),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
