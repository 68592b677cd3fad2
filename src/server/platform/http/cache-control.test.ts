import { beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin, type TestMember } from '../testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { sampleUrl, SAMPLE_UUID } from '../../quality/route-samples';

/**
 * The GET routes whose answer is the same for everyone, that a cache may keep by their own rule:
 * public lists revalidated by ETag, pictures under a versioned URL, the SEO files.
 */
const PUBLIC_CACHEABLE = new Set([
  '/api/counter',
  '/api/words',
  '/api/sports',
  '/api/consts/public-amounts',
  '/api/legal-notice',
  '/api/users/:id/picture',
  '/sitemap.xml',
  '/robots.txt',
  // The published wiki, the same for everyone (revalidated each time), and its screenshots by their content.
  '/api/wiki',
  '/api/wiki/articles/:id',
  '/api/wiki/search-index',
  '/api/wiki/images/:name',
  // The published texts and the legal PDFs drawn from them, revalidated each time.
  '/api/texts/:id',
  '/legal/:file',
]);

/** Routes whose sample names no one, so stops at a 404: a URL that reaches their answer too. */
const reachingUrls = (admin: TestMember): Record<string, string> => ({
  '/api/admin/members/:id': `/api/admin/members/${admin.uuid}`,
  '/api/admin/past-trips': `/api/admin/past-trips?email=${encodeURIComponent(admin.email)}`,
});

describe('Cache-Control of every GET route', () => {
  const test = setUpTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  it('is no-store on every answer unless the route is public and says its own rule', async () => {
    const failures: string[] = [];
    const routes = test.app.routeTable.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const reaching = reachingUrls(admin)[route.url];
      for (const url of [sampleUrl(route), ...(reaching ? [reaching] : [])]) {
        const response = await test.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
        const cacheControl = response.headers['cache-control'];
        const where = `GET ${url} → ${response.statusCode} with cache-control: ${cacheControl}`;
        if (reaching === url && response.statusCode >= 400) failures.push(`not reached — ${where}`);
        if (cacheControl === undefined) failures.push(`missing — ${where}`);
        else if (!PUBLIC_CACHEABLE.has(route.url) && cacheControl !== 'no-store') failures.push(`kept — ${where}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is no-store on errors, also of public routes, and on API answers outside the route table', async () => {
    const picture = await test.app.inject({ method: 'GET', url: `/api/users/${SAMPLE_UUID}/picture` });
    expect([picture.statusCode, picture.headers['cache-control']]).toEqual([404, 'no-store']);
    for (const url of ['/api/health', '/api/nope']) {
      expect((await test.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves a public route its own rule', async () => {
    const words = await test.app.inject({ method: 'GET', url: '/api/words' });
    expect(words.statusCode).toBe(200);
    expect(words.headers['cache-control']).toMatch(/^(?!.*no-store)/);
    expect(words.headers.etag).toBeDefined();
  });
});
