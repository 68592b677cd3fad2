import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember } from '../../platform/testing/members';

describe('the member’s own account', () => {
  const test = setUpTestApp();

  const me = (cookie: string) => test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }).then((r) => r.json());

  it('edits the bio within its limit', async () => {
    const member = await registerMember(test.app);
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: member.cookie },
      payload: { bio: '  Trail le dimanche, foot le mercredi.  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().bio).toBe('Trail le dimanche, foot le mercredi.');
    const tooLong = await test.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: member.cookie },
      payload: { bio: 'a'.repeat(301) },
    });
    expect(tooLong.json().error.code).toBe('users/invalid-bio');
  });

  it('re-encodes an uploaded picture as a small WebP and serves it with a versioned URL', async () => {
    const member = await registerMember(test.app);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b3d91' } }).png().toBuffer();
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/account/picture',
      headers: { cookie: member.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(response.statusCode).toBe(200);
    const { profilePic } = response.json();
    expect(profilePic).toBe(`/api/users/${member.uuid}/picture?v=1`);
    const picture = await test.app.inject({ method: 'GET', url: profilePic });
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);

    const removed = await test.app.inject({ method: 'DELETE', url: '/api/account/picture', headers: { cookie: member.cookie }, payload: {} });
    expect(removed.json().profilePic).toBe('');
    expect((await test.app.inject({ method: 'GET', url: profilePic })).statusCode).toBe(404);
  });

  it('refuses a file that only claims to be an image, and one over 3 MB', async () => {
    const member = await registerMember(test.app);
    const fake = await test.app.inject({
      method: 'PUT',
      url: '/api/account/picture',
      headers: { cookie: member.cookie, 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('users/invalid-picture');
    const huge = await test.app.inject({
      method: 'PUT',
      url: '/api/account/picture',
      headers: { cookie: member.cookie, 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(3 * 1024 * 1024 + 1),
    });
    expect(huge.statusCode).toBe(413);
    const svg = await test.app.inject({
      method: 'PUT',
      url: '/api/account/picture',
      headers: { cookie: member.cookie, 'content-type': 'image/svg+xml' },
      payload: Buffer.from('<svg/>'),
    });
    expect(svg.statusCode).toBe(415);
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    const member = await registerMember(test.app);
    const other = (await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).cookies.find(
      (cookie) => cookie.name === 'unissons_session',
    )!;
    const wrong = await test.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: 'Pas-Le-Bon-1!', newPassword: 'Nouveau-Depart-2026!' },
    });
    expect(wrong.statusCode).toBe(401);
    const weak = await test.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, newPassword: 'faible' },
    });
    expect(weak.json().error.code).toBe('users/invalid-password');
    const ok = await test.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, newPassword: 'Nouveau-Depart-2026!' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${other.name}=${other.value}` } })).statusCode).toBe(401);
  });

  it('voids the sign-ins waiting for their second step when the password changes', async () => {
    const member = await registerMember(test.app);
    const setup = (await test.app.inject({ method: 'POST', url: '/api/account/two-factor/totp/setup', headers: { cookie: member.cookie }, payload: {} })).json();
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await test.app.inject({ method: 'POST', url: '/api/account/two-factor/totp', headers: { cookie: member.cookie }, payload: { code } })).statusCode).toBe(200);
    const { ticket } = (await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).json().secondFactor;
    const changed = await test.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, newPassword: 'Nouveau-Depart-2026!' },
    });
    expect(changed.statusCode).toBe(204);
    const late = await test.app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { ticket, code: '000000' } });
    expect(late.json().error.code).toBe('auth/sign-in-expired');
  });

  it('exports the member’s data as a JSON attachment without secrets', async () => {
    const member = await registerMember(test.app);
    const response = await test.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.account).toMatchObject({ uuid: member.uuid, email: member.email, username: member.username });
    expect(data.sessions).toHaveLength(1);
    expect(response.body).not.toMatch(/password|hash/i);
  });

  it('deletes the account with its password, and the counter follows', async () => {
    const member = await registerMember(test.app);
    const counter = async () => (await test.app.inject({ method: 'GET', url: '/api/counter' })).json().users;
    const before = await counter();
    const refused = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: 'Pas-Le-Bon-1!' } });
    expect(refused.statusCode).toBe(401);
    const deleted = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
    expect(deleted.statusCode).toBe(204);
    expect(await counter()).toBe(before - 1);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(401);
    const login = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
    expect(login.json().error.code).toBe('auth/user-not-found');

    // The confirmation, in French, with what stays and no link that needs an account.
    const mail = await test.mailbox.waitFor(member.email, (sent) => sent.parsed.subject === 'Ton compte a été supprimé');
    expect(mail.parsed.text).toContain('a été supprimé, comme tu l\'as demandé');
    expect(mail.parsed.text).toContain('signé «\u00a0Inconnu\u00a0»');
    const links = [...(mail.parsed.html || '').matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
    expect(links.every((href) => href === 'http://localhost:3000/' || href.startsWith('mailto:'))).toBe(true);
  });

  it('counts wrong passwords at password change and deletion with failed logins: the 11th gets 429, the session lives on', async () => {
    const member = await registerMember(test.app);
    const guess = (i: number) =>
      i % 2
        ? test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: `Devine-${i}!` } })
        : test.app.inject({
            method: 'PUT',
            url: '/api/account/password',
            headers: { cookie: member.cookie },
            payload: { currentPassword: `Devine-${i}!`, newPassword: 'Nouveau-Depart-2026!' },
          });
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(401);
    const refused = await guess(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('http/rate-limited');
    const right = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
    expect(right.statusCode).toBe(429);
    expect((await me(member.cookie)).uuid).toBe(member.uuid);
  });

  it('deletes the account’s failed logins with it', async () => {
    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: 'Pas-Le-Bon-1!' } });
    await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: 'Pas-Le-Bon-2!' }, remoteAddress: '192.0.2.5' });
    const failures = () => test.database.db.selectFrom('login_failures').select('id').where('email', '=', member.email).execute();
    expect(await failures()).toHaveLength(2);
    const deleted = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
    expect(deleted.statusCode).toBe(204);
    expect(await failures()).toEqual([]);
  });

  it('gives display names for a batch of ids in one call, skipping unknown ones', async () => {
    const [a, b] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fn/users-getUserInfoForView',
      payload: { uuids: [a.uuid, b.uuid, a.uuid, '00000000-0000-0000-0000-000000000000', 'pas-un-id'] },
    });
    const data = response.json().data as { uuid: string; username: string }[];
    expect(data.map((user) => user.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    expect(JSON.stringify(data)).not.toContain('@');
    expect((await me(a.cookie)).uuid).toBe(a.uuid);
  });
});

describe('deleting one’s account while the roles change', () => {
  const test = setUpTestApp();

  it('keeps the last admin even when the session read the roles before they changed', async () => {
    const [member, admin] = await Promise.all([registerMember(test.app), registerAdmin(test.app, test.database)]);
    const { db } = test.database;
    // Between the session's read and the deletion, the member is made admin and the admin steps
    // down, as two admins' concurrent requests could do: the first thing the deletion writes is
    // its password attempt, and this trigger makes that change right then.
    await sql
      .raw(
        `create function make_member_last_admin() returns trigger language plpgsql as $$
         begin
           update users set roles = '{admin}' where id = '${member.uuid}';
           update users set roles = '{}' where id = '${admin.uuid}';
           return null;
         end $$`,
      )
      .execute(db);
    await sql`create trigger make_member_last_admin after insert on login_failures for each row execute function make_member_last_admin()`.execute(db);
    try {
      const response = await test.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: member.cookie }, payload: { password: member.password } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('members/last-admin');
    } finally {
      await sql`drop trigger make_member_last_admin on login_failures`.execute(db);
      await sql`drop function make_member_last_admin()`.execute(db);
    }
    const admins = await db.selectFrom('users').select('id').where(sql<boolean>`'admin' = any(roles)`).execute();
    expect(admins).toEqual([{ id: member.uuid }]);
  });
});

describe('role guards', () => {
  const test = setUpTestApp();

  it.each([
    ['PUT', '/api/account/password'],
    ['PATCH', '/api/account/profile'],
    ['PUT', '/api/account/picture'],
    ['DELETE', '/api/account/picture'],
    ['GET', '/api/account/export'],
    ['DELETE', '/api/account'],
  ] as const)('%s %s answers 401 when signed out, before looking at the body', async (method, url) => {
    const response = await test.app.inject({ method, url, payload: method === 'GET' ? undefined : { bad: true } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('http/unauthorized');
  });

  it.each([
    ['GET', '/api/admin/organisations'],
    ['POST', '/api/admin/organisations/allowlist'],
    ['DELETE', '/api/admin/organisations/allowlist/a%40b.fr'],
  ] as const)('%s %s answers 401 signed out and 403 to a member', async (method, url) => {
    const payload = method === 'GET' ? undefined : { email: 'a@b.fr' };
    expect((await test.app.inject({ method, url, payload })).statusCode).toBe(401);
    const member = await registerMember(test.app);
    const response = await test.app.inject({ method, url, payload, headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('http/forbidden');
  });
});
