import { describe, expect, it } from 'vitest';
import { registerMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { announce } from '../../platform/live/announce';

describe('GET /api/counter', () => {
  const test = setUpTestApp();
  const counter = async () => (await test.app.inject({ method: 'GET', url: '/api/counter' })).json<{ users: number }>().users;

  /** An account written behind the app's back: no notice, so only a fresh count would see it. */
  const insertQuietly = () =>
    test.database.db
      .insertInto('users')
      .values({
        email: `discret-${Date.now()}@exemple.fr`,
        username: `discret_${Date.now()}`,
        firstname: 'Dominique',
        lastname: 'Petit',
        account_type: 'user',
        password_hash: 'x',
      })
      .execute();

  it('answers from memory until a counter notice, from any instance, says the count changed', async () => {
    const before = await counter();
    await insertQuietly();
    expect(await counter()).toBe(before);
    // As another instance's registration would: the notice alone, through the database.
    await announce(test.database.db, 'counter');
    const deadline = Date.now() + 3000;
    while ((await counter()) === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await counter()).toBe(before + 1);
  });

  it('counts a registration on this instance at once', async () => {
    const before = await counter();
    await registerMember(test.app);
    expect(await counter()).toBe(before + 1);
  });

  it('answers 304 to a page that has the current count', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/api/counter' });
    const again = await test.app.inject({
      method: 'GET',
      url: '/api/counter',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
