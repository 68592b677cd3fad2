import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { expect, it } from 'vitest';
import routes from './routes';

/** Every page's path, layouts flattened, as the README writes it (`/`, `/calshare/wiki/:articleId?`). */
function pagePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.index ? ['/'] : entry.path && entry.path !== '*' ? [`/${entry.path}`] : []),
    ...pagePaths(entry.children ?? []),
  ]);
}

// The pages a visitor, a member or the staff can open: a page the README does not name is one
// nobody outside the code knows of, and a row for a page that went away misleads.
it("the README's page index names every page of the site, and only those", () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const start = readme.indexOf('\n### Every page\n');
  expect(start, "README's 'Every page' section").toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n##', start + 1));
  const documented = [...section.matchAll(/^\| `(\/[^`\s]*)` \|/gm)].map(([, page]) => page);
  expect(documented.toSorted()).toEqual(pagePaths(routes).toSorted());
});
