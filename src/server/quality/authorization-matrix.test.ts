import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../shared/api-error';
import { setUpTestApp } from '../testing/test-app';
import { registerAdmin, registerMember, registerOrganisation } from '../testing/members';
import type { RouteEntry } from '../http/route-groups';
import { isWrite, sampleUrl } from './route-samples';

type Role = 'anonymous' | 'member' | 'organisation' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'organisation', 'admin'];

/** What each role must get from each group, before any handler logic runs. */
function expected(route: RouteEntry, role: Role): 'allowed' | 401 | 403 {
  if (route.group === 'public' || role === 'admin') return 'allowed';
  if (role === 'anonymous') return 401;
  return route.group === 'member' ? 'allowed' : 403;
}

// Ending the caller's session would sign the role out for the rest of the matrix.
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/account']);

describe('authorisation matrix, generated from the route table', () => {
  const test = setUpTestApp();
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    const [member, organisation, admin] = await Promise.all([
      registerMember(test.app),
      registerOrganisation(test.app, test.database),
      registerAdmin(test.app, test.database),
    ]);
    Object.assign(cookies, { member: member.cookie, organisation: organisation.cookie, admin: admin.cookie });
  });

  it('covers every feature route, each in exactly one group', () => {
    const routes = test.app.routeTable;
    expect(routes.length).toBeGreaterThan(20);
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) expect(route.url.startsWith('/api/') || route.url.startsWith('/calshare/') || route.url.startsWith('/sitemap') || route.url.startsWith('/robots')).toBe(true);
  });

  it('answers each route as each role’s rights say, always with the error shape, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of test.app.routeTable) {
      for (const role of ROLES) {
        const key = `${route.method} ${route.url}`;
        if (role !== 'anonymous' && SESSION_ENDING.has(key)) continue;
        const response = await test.app.inject({
          method: route.method as 'GET',
          url: sampleUrl(route),
          headers: cookies[role] ? { cookie: cookies[role] } : {},
          payload: isWrite(route) ? {} : undefined,
        });
        const want = expected(route, role);
        const status = response.statusCode;
        const where = `${key} as ${role}: ${status} ${response.body.slice(0, 120)}`;
        if (status >= 500) failures.push(`5xx — ${where}`);
        else if (want === 'allowed' ? status === 403 || (status === 401 && route.group !== 'public') : status !== want) failures.push(`expected ${want} — ${where}`);
        if (status >= 400 && String(response.headers['content-type']).includes('json') && !isApiErrorBody(response.json())) failures.push(`error shape — ${where}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
