import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/test-app';

/** The README's route index: the first cell of each table row under 'Every route', as `METHOD /path`. */
function documentedRoutes(): string[] {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const start = readme.indexOf('\n### Every route\n');
  expect(start, "README's 'Every route' section").toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  return [...section.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)` \|/gm)].map(([, method, url]) => `${method} ${url}`);
}

// The HTTP contract a client reads: a route the server answers but the README does not name is
// one nobody outside the code can find, and a row for a route that went away misleads.
describe("the README's route index", () => {
  // With METRICS_TOKEN set, so that the scraper's route exists too.
  const test = setUpTestApp({ METRICS_TOKEN: 'a'.repeat(32) });

  it('names every route of the route groups, once', () => {
    const documented = documentedRoutes();
    expect(documented.filter((route, index) => documented.indexOf(route) !== index)).toEqual([]);
    const missing = test.app.routeTable.map((route) => `${route.method} ${route.url}`).filter((route) => !documented.includes(route));
    expect(missing).toEqual([]);
  });

  it('names no route the server does not answer', () => {
    const unanswered = documentedRoutes().filter((route) => {
      const [method, url] = route.split(' ');
      return !test.app.hasRoute({ method: method as 'GET', url });
    });
    expect(unanswered).toEqual([]);
  });
});
