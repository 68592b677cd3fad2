import { expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { login, registerMember } from '../../testing/members';
import { ensureAdmin } from './admin-bootstrap';

const test = setUpTestApp();

it('creates the configured admin, and on the next start resets its password and keeps one account', async () => {
  const id = await ensureAdmin(test.database.db, { email: 'Admin@Unissons.fr', password: 'First-Admin-Pass1!' });
  const again = await ensureAdmin(test.database.db, { email: 'admin@unissons.fr', password: 'Second-Admin-Pass2!' });
  expect(again).toBe(id);
  const cookie = await login(test.app, 'admin@unissons.fr', 'Second-Admin-Pass2!');
  const me = (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
  expect(me.roles).toEqual(['admin']);
  const admin = await test.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: { cookie } });
  expect(admin.statusCode).toBe(200);
});

it('promotes an existing member whose e-mail becomes the admin e-mail', async () => {
  const member = await registerMember(test.app);
  await ensureAdmin(test.database.db, { email: member.email, password: 'Promoted-Admin-3!' });
  const cookie = await login(test.app, member.email, 'Promoted-Admin-3!');
  const me = (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
  expect(me.roles).toContain('admin');
});
