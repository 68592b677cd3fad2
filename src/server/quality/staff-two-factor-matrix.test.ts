import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isApiErrorBody } from '../../shared/api-error';
import { setUpTestApp } from '../testing/test-app';
import { ADMIN_LIVE_TOPICS } from '../../shared/live';
import { login, registerAdmin, registerEditor, registerModerator, type TestMember } from '../platform/testing/members';
import { hashSecretToken, newSecretToken } from '../platform/secret-token';
import { isWrite, sampleUrl } from './route-samples';

type Staff = 'moderator' | 'editor' | 'admin';
const STAFF: Staff[] = ['moderator', 'editor', 'admin'];
const GROUP_OF: Record<Staff, 'moderation' | 'texts' | 'admin'> = { moderator: 'moderation', editor: 'texts', admin: 'admin' };

/** A second factor turned on through the member's own routes, as /account does. */
async function addAuthenticatorApp(app: FastifyInstance, member: TestMember) {
  const setup = (await app.inject({ method: 'POST', url: '/api/account/two-factor/totp/setup', headers: { cookie: member.cookie }, payload: {} })).json();
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  const done = await app.inject({ method: 'POST', url: '/api/account/two-factor/totp', headers: { cookie: member.cookie }, payload: { code } });
  expect(done.json().status.enabled).toBe(true);
}

/**
 * The authorisation matrix with STAFF_TWO_FACTOR=required, the production default (the other
 * tests run with 'optional'): every staff route of the route table, for each staff role with
 * and without a second factor.
 */
describe('staff without a second factor, generated from the route table', () => {
  const test = setUpTestApp({ STAFF_TWO_FACTOR: 'required' });
  const without = {} as Record<Staff, TestMember>;
  const withFactor = {} as Record<Staff, TestMember>;

  beforeAll(async () => {
    const register = { moderator: registerModerator, editor: registerEditor, admin: registerAdmin };
    for (const role of STAFF) {
      without[role] = await register[role](test.app, test.database);
      withFactor[role] = await register[role](test.app, test.database);
      await addAuthenticatorApp(test.app, withFactor[role]);
    }
  });

  it('refuses them every staff route with auth/second-factor-required, and gives those routes to staff who have one', async () => {
    const failures: string[] = [];
    const staffRoutes = test.app.routeTable.filter((route) => route.group !== 'public' && route.group !== 'member');
    expect(staffRoutes.length).toBeGreaterThan(30);
    for (const route of staffRoutes) {
      for (const role of STAFF) {
        if (role !== 'admin' && route.group !== GROUP_OF[role]) continue;
        for (const [member, held] of [
          [without[role], false],
          [withFactor[role], true],
        ] as const) {
          const response = await test.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie: member.cookie }, payload: isWrite(route) ? {} : undefined });
          const where = `${route.method} ${route.url} as ${role} ${held ? 'with' : 'without'} a second factor: ${response.statusCode} ${response.body.slice(0, 100)}`;
          if (response.statusCode >= 500) failures.push(`5xx — ${where}`);
          const refused = response.statusCode === 403 && isApiErrorBody(response.json()) && response.json().error.code === 'auth/second-factor-required';
          if (refused !== !held) failures.push(where);
          if (held && (response.statusCode === 401 || response.statusCode === 403)) failures.push(where);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('ends the sessions opened on the password alone when the account enrols, and refuses staff a session that never passed the factor', async () => {
    const admin = await registerAdmin(test.app, test.database);
    const other = await login(test.app, admin.email, admin.password);
    await addAuthenticatorApp(test.app, admin);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);

    // Should a session on the password alone outlive the enrolment by any other path, the gate
    // still asks it for the factor: it is the session that passed one, not the account.
    const token = newSecretToken();
    await test.database.db.insertInto('sessions').values({ id: hashSecretToken(token), user_id: admin.uuid, expires_at: new Date(Date.now() + 86_400_000) }).execute();
    const stale = `unissons_session=${token}`;
    const failures: string[] = [];
    for (const route of test.app.routeTable.filter((entry) => entry.group !== 'public' && entry.group !== 'member')) {
      const response = await test.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie: stale }, payload: isWrite(route) ? {} : undefined });
      if (response.statusCode !== 403 || response.json().error.code !== 'auth/second-factor-required') failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    for (const topic of ADMIN_LIVE_TOPICS) {
      const response = await test.app.inject({ method: 'GET', url: `/api/live?topics=${topic}`, headers: { cookie: stale } });
      if (response.statusCode !== 403 || response.json().error.code !== 'auth/second-factor-required') failures.push(`live ${topic}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: stale } })).json().mustAddSecondFactor).toBe(true);
  });

  it('leaves them their own account, to add one, and tells the page to hold them at the enrolment', async () => {
    const admin = without.admin;
    const me = (member: TestMember) => test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } }).then((response) => response.json());
    expect((await me(admin)).mustAddSecondFactor).toBe(true);
    expect((await me(withFactor.admin)).mustAddSecondFactor).toBe(false);
    const status = await test.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie: admin.cookie } });
    expect(status.statusCode).toBe(200);
    const live = await test.app.inject({ method: 'GET', url: '/api/live?topics=moderation', headers: { cookie: without.moderator.cookie } });
    expect(live.json().error.code).toBe('auth/second-factor-required');

    await addAuthenticatorApp(test.app, admin);
    expect((await me(admin)).mustAddSecondFactor).toBe(false);
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/members', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });
});
