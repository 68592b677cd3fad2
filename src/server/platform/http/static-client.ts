import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { isClientPath, trimTrailingSlashes } from '../../../shared/routes';
import { CachedResponse, HTML_BODY } from './cached-response';
import type { ClientPages } from './client-pages';
import { errorBody } from './errors';
import { checkPlaces, fillPage, type PageFamily, type PagePart } from './page-parts';
import { API_POLICY, pagePolicy } from './security';

/**
 * Serves the built client: hashed assets cached for a year, pages revalidated every time
 * and sent with their own Content-Security-Policy, prerendered HTML where it exists, the SPA
 * fallback for the other pages, and a redirect to '/' for paths that are no page at all
 * (spec §2 "any other path"). A prerendered page with parts the server writes (page-parts.ts)
 * is served filled, from memory until its data changes; so is each page of a family
 * (page-parts.ts), made from its shell.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  pages: ClientPages | undefined,
  parts: readonly PagePart[] = [],
  families: readonly PageFamily[] = [],
) {
  if (pages) {
    const policies = new Map([...pages.scriptHashes].map(([file, hashes]) => [path.join(pages.dir, file), pagePolicy(app.config, hashes)]));
    await app.register(fastifyStatic, {
      root: pages.dir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The pre-compressed copy of a page (index.html.br) is that page.
        const policy = policies.get(filePath.replace(/\.(br|gz)$/, ''));
        if (policy) reply.header('content-security-policy', policy);
      },
    });
  }

  const filledPages = new Map<string, { policy: string; response: CachedResponse<string> }>();
  for (const [route, file] of pages?.prerendered ?? []) {
    const own = parts.filter((part) => part.path === route);
    if (!pages || own.length === 0) continue;
    const html = fs.readFileSync(path.join(pages.dir, file), 'utf8');
    checkPlaces(html, own);
    const topics = [...new Set(own.flatMap((part) => part.topics))];
    filledPages.set(route, {
      // The parts are HTML, never a script: the page's script hashes still hold.
      policy: pagePolicy(app.config, pages.scriptHashes.get(file) ?? []),
      response: new CachedResponse(app.liveHub, topics, () => fillPage(html, own), Date.now, HTML_BODY),
    });
  }

  const shells = new Map<PageFamily, { html: string; policy: string }>();
  for (const family of families) {
    const file = pages?.prerendered.get(family.shell);
    if (!pages || !file) continue;
    const html = fs.readFileSync(path.join(pages.dir, file), 'utf8');
    checkPlaces(html, family.places.map((name) => ({ path: family.shell, name, topics: [], render: async () => '' })));
    shells.set(family, { html, policy: pagePolicy(app.config, pages.scriptHashes.get(file) ?? []) });
  }
  // One cached answer per page that exists: the family's own data decides which do, so
  // addresses made up by anyone leave nothing here.
  const familyPages = new Map<string, CachedResponse<string>>();
  async function sendFamilyPage(family: PageFamily, pathname: string, request: FastifyRequest, reply: FastifyReply) {
    const shell = shells.get(family)!;
    if (!(await family.exists(pathname))) return reply.redirect(family.missing, 302);
    let response = familyPages.get(pathname);
    if (!response) {
      response = new CachedResponse(app.liveHub, family.topics, async () => (await family.render(shell.html, pathname)) ?? '', Date.now, HTML_BODY);
      familyPages.set(pathname, response);
    }
    return response.send(request, reply.header('content-security-policy', shell.policy));
  }

  app.setNotFoundHandler((request, reply) => {
    // Not new URL(): it throws on '//' (a 500) and reads '//host/join' as a path on another host.
    const query = request.url.indexOf('?');
    const pathname = query === -1 ? request.url : request.url.slice(0, query);
    const api = pathname.startsWith('/api/');
    // No API route matched, so the security hook set no policy: an unknown API path gets the API's.
    if (api) reply.header('content-security-policy', API_POLICY);
    if (api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody('http/not-found'));
    }
    if (!isClientPath(pathname)) return reply.redirect('/', 302);
    if (!pages) return reply.code(503).type('text/plain').send('Client not built: run `npm run build`.');
    const page = trimTrailingSlashes(pathname);
    const family = families.find((candidate) => page.startsWith(candidate.prefix) && shells.has(candidate));
    if (family) return sendFamilyPage(family, page, request, reply);
    const filled = filledPages.get(page);
    if (filled) return filled.response.send(request, reply.header('content-security-policy', filled.policy));
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .sendFile(pages.prerendered.get(page) ?? pages.fallback);
  });
}
