import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../shared/api-error';
import { setUpTestApp } from '../testing/test-app';
import { registerAdmin, registerEditor, registerMember, registerModerator, registerOrganisation } from '../platform/testing/members';
import type { RouteEntry } from '../platform/http/route-groups';
import { isWrite, sampleUrl } from './route-samples';

type Role = 'anonymous' | 'member' | 'organisation' | 'moderator' | 'editor' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'organisation', 'moderator', 'editor', 'admin'];

/** What each role must get from each group, before any handler logic runs. */
function expected(route: RouteEntry, role: Role): 'allowed' | 401 | 403 {
  if (route.group === 'public' || role === 'admin') return 'allowed';
  if (role === 'anonymous') return 401;
  if (route.group === 'member') return 'allowed';
  if (route.group === 'moderation') return role === 'moderator' ? 'allowed' : 403;
  if (route.group === 'texts') return role === 'editor' ? 'allowed' : 403;
  return 403;
}

// Ending the caller's session would sign the role out for the rest of the matrix.
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/account']);

describe('authorisation matrix, generated from the route table', () => {
  const test = setUpTestApp();
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    const [member, organisation, moderator, editor, admin] = await Promise.all([
      registerMember(test.app),
      registerOrganisation(test.app, test.database),
      registerModerator(test.app, test.database),
      registerEditor(test.app, test.database),
      registerAdmin(test.app, test.database),
    ]);
    Object.assign(cookies, { member: member.cookie, organisation: organisation.cookie, moderator: moderator.cookie, editor: editor.cookie, admin: admin.cookie });
  });

  it('covers every feature route, each in exactly one group', () => {
    const routes = test.app.routeTable;
    expect(routes.length).toBeGreaterThan(20);
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) expect(route.url.startsWith('/api/') || route.url.startsWith('/calshare/') || route.url.startsWith('/sitemap') || route.url.startsWith('/robots') || route.url.startsWith('/legal/')).toBe(true);
  });

  it('gives moderators the moderation queue and its actions, and nothing else of the staff routes', () => {
    const groupOf = (key: string) => test.app.routeTable.find((route) => `${route.method} ${route.url}` === key)?.group;
    for (const key of ['GET /api/admin/moderation', 'GET /api/admin/summary', 'POST /api/admin/words/:id/approve', 'POST /api/admin/words/:id/unapprove', 'POST /api/admin/words/:id/refuse', 'POST /api/admin/words/:id/vip', 'POST /api/admin/sports/:id/approve', 'POST /api/admin/sports/:id/unapprove', 'POST /api/admin/sports/:id/refuse', 'POST /api/admin/words/:id/withdraw', 'POST /api/admin/moderation/bulk', 'GET /api/admin/moderation/digest', 'PUT /api/admin/moderation/digest']) {
      expect(groupOf(key), key).toBe('moderation');
    }
    for (const key of ['GET /api/admin/settings', 'GET /api/admin/settings/legal-notice', 'PUT /api/admin/settings/legal-notice', 'POST /api/admin/organisations/allowlist', 'GET /api/admin/surveys', 'GET /api/admin/newsletters', 'GET /api/admin/statistics']) {
      expect(groupOf(key), key).toBe('admin');
    }
    expect(groupOf('GET /api/legal-notice')).toBe('public');
  });

  it('gives editors the texts and nothing else of the staff routes', () => {
    const groupOf = (key: string) => test.app.routeTable.find((route) => `${route.method} ${route.url}` === key)?.group;
    const texts = test.app.routeTable.filter((route) => route.group === 'texts').map((route) => `${route.method} ${route.url}`);
    expect(texts.sort()).toEqual(
      [
        'GET /api/admin/texts',
        'GET /api/admin/texts/:id',
        'PUT /api/admin/texts/:id/draft',
        'POST /api/admin/texts/:id/publish',
        'GET /api/admin/texts/:id/versions',
        'GET /api/admin/texts/:id/versions/:version',
        'POST /api/admin/texts/:id/versions/:version/restore',
        'GET /api/admin/wiki/articles',
        'POST /api/admin/wiki/articles',
        'PUT /api/admin/wiki/articles/:id/visibility',
        'PUT /api/admin/wiki/order',
        'POST /api/admin/wiki/images',
      ].sort(),
    );
    for (const key of ['GET /api/admin/members', 'GET /api/admin/moderation', 'GET /api/admin/newsletters', 'GET /api/admin/journal']) expect(groupOf(key), key).not.toBe('texts');
  });

  it('puts the strong sign-in where each step belongs: the steps before a session public, the member’s own factors and sessions to the member, a reset of another’s to admins', () => {
    const groupOf = (key: string) => test.app.routeTable.find((route) => `${route.method} ${route.url}` === key)?.group;
    const groups = {
      public: ['POST /api/auth/passkey/options', 'POST /api/auth/passkey', 'POST /api/auth/second-factor', 'POST /api/auth/second-factor/options'],
      member: [
        'GET /api/account/passkeys',
        'POST /api/account/passkeys/options',
        'POST /api/account/passkeys',
        'PATCH /api/account/passkeys/:id',
        'DELETE /api/account/passkeys/:id',
        'GET /api/account/two-factor',
        'POST /api/account/two-factor/totp/setup',
        'POST /api/account/two-factor/totp',
        'DELETE /api/account/two-factor/totp',
        'POST /api/account/two-factor/passkeys',
        'POST /api/account/two-factor/recovery-codes',
        'DELETE /api/account/two-factor',
        'POST /api/auth/reauthenticate/options',
        'POST /api/auth/reauthenticate',
        'GET /api/account/sessions',
        'DELETE /api/account/sessions/:id',
        'DELETE /api/account/sessions',
      ],
      admin: ['POST /api/admin/members/:id/two-factor/reset'],
    };
    for (const [group, keys] of Object.entries(groups)) for (const key of keys) expect(groupOf(key), key).toBe(group);
  });

  it('keeps the newsletter stream from moderators and the moderation stream from members', async () => {
    const live = (topics: string, role: Role) => test.app.inject({ method: 'GET', url: `/api/live?topics=${topics}`, headers: { cookie: cookies[role]! } });
    expect((await live('words,newsletter', 'moderator')).statusCode).toBe(403);
    expect((await live('moderation', 'member')).statusCode).toBe(403);
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
