import { expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { login, registerMember } from '../../platform/testing/members';
import { expectStoredHashOf } from '../../platform/testing/stored-password';
import { AdminBootstrapRefused, ensureAdmin } from './admin-bootstrap';

const test = setUpTestApp();

const me = (cookie: string) => test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

it('creates the configured admin, and on the next start resets its password and keeps one account', async () => {
  const id = await ensureAdmin(test.database.db, { email: 'Admin@Unissons.fr', password: 'First-Admin-Pass1!' });
  const account = () => test.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const created = await account();
  await expectStoredHashOf(created.password_hash, 'First-Admin-Pass1!', created);
  const again = await ensureAdmin(test.database.db, { email: 'admin@unissons.fr', password: 'Second-Admin-Pass2!' });
  expect(again).toBe(id);
  const reset = await account();
  await expectStoredHashOf(reset.password_hash, 'Second-Admin-Pass2!', reset);
  const cookie = await login(test.app, 'admin@unissons.fr', 'Second-Admin-Pass2!');
  expect((await me(cookie)).json().roles).toEqual(['admin']);
  const admin = await test.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: { cookie } });
  expect(admin.statusCode).toBe(200);
});

it('ends the admin’s sessions when a start changes its password, and keeps them when nothing changes', async () => {
  const admin = { email: 'chef@unissons.fr', password: 'Chef-Password-1!' };
  await ensureAdmin(test.database.db, admin);
  const cookie = await login(test.app, admin.email, admin.password);
  await ensureAdmin(test.database.db, admin);
  expect((await me(cookie)).statusCode).toBe(200);
  await ensureAdmin(test.database.db, { ...admin, password: 'Chef-Password-2!' });
  expect((await me(cookie)).statusCode).toBe(401);
});

it('refuses to make admin an account someone registered with the admin e-mail, whose session stays a member’s', async () => {
  const squatter = await registerMember(test.app);
  const start = ensureAdmin(test.database.db, { email: squatter.email, password: 'Promoted-Admin-3!' });
  await expect(start).rejects.toThrow(AdminBootstrapRefused);
  await expect(start).rejects.toThrow(/ADMIN_PROMOTE_EXISTING=1/);
  const current = await me(squatter.cookie);
  expect(current.json().roles).toEqual([]);
  const login = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: squatter.email, password: 'Promoted-Admin-3!' } });
  expect(login.statusCode).toBe(401);
});

it('with ADMIN_PROMOTE_EXISTING, promotes the registered account and ends every session of it', async () => {
  const member = await registerMember(test.app);
  await ensureAdmin(test.database.db, { email: member.email, password: 'Promoted-Admin-3!', promoteExisting: true });
  expect((await me(member.cookie)).statusCode).toBe(401);
  const cookie = await login(test.app, member.email, 'Promoted-Admin-3!');
  expect((await me(cookie)).json().roles).toContain('admin');
  // Taken over once, it is the bootstrap's account: the next start needs no flag.
  await ensureAdmin(test.database.db, { email: member.email, password: 'Promoted-Admin-3!' });
  expect((await me(cookie)).statusCode).toBe(200);
});

it('writes a journal row when a start gives the admin role back, and none when the account kept it', async () => {
  const email = 'retour@unissons.fr';
  const id = await ensureAdmin(test.database.db, { email, password: 'Back-Admin-Pass4!' });
  const rows = () => test.database.db.selectFrom('journal').select(['actor_id', 'kind', 'target_id', 'summary']).where('target_id', '=', id).orderBy('id').execute();
  // A change of password alone gives no role.
  await ensureAdmin(test.database.db, { email, password: 'Back-Admin-Pass5!' });
  expect(await rows()).toEqual([]);
  // Another admin took the role away (journaled as roles/revoke there); the next start gives it back.
  await test.database.db.updateTable('users').set({ roles: [] }).where('id', '=', id).execute();
  await ensureAdmin(test.database.db, { email, password: 'Back-Admin-Pass5!' });
  const [row] = await rows();
  expect(row).toMatchObject({ actor_id: id, kind: 'roles/bootstrap', target_id: id });
  expect(row.summary).toMatch(/^Administrateur : admin\d* \(retour@unissons\.fr\)$/);
  expect(await rows()).toHaveLength(1);
});
