import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ensureAdmin } from '../features/accounts/admin-bootstrap';
import { registerMember } from '../testing/members';
import { setUpTestApp } from '../testing/test-app';
import { countRealAccounts, fillDemoData } from './demo-data';

const test = setUpTestApp();
const admin = { email: 'admin@demo.unissons.invalid', password: 'Demo-Admin-2025!' };
beforeAll(async () => {
  await ensureAdmin(test.database.db, admin);
});

it('fills every part of the site through the API, and tells real accounts apart', async () => {
  expect(await countRealAccounts(test.database.db, admin.email)).toBe(0);
  const lines: string[] = [];
  await fillDemoData(test.app, admin, { members: 12, organisations: 2 }, (line) => lines.push(line));
  expect(lines.length).toBeGreaterThan(4);
  expect(await countRealAccounts(test.database.db, admin.email)).toBe(0);

  const words = (await test.app.inject({ method: 'GET', url: '/api/words' })).json().words;
  expect(words.length).toBeGreaterThan(0);
  const sports = (await test.app.inject({ method: 'GET', url: '/api/sports' })).json().sports;
  expect(sports.length).toBeGreaterThan(10);
  expect((await test.app.inject({ method: 'GET', url: '/api/counter' })).json().users).toBe(13);
  // Subscribed as they asked at registration: most members, every organisation.
  const subscribers = await test.database.db
    .selectFrom('users')
    .select(['account_type', (eb) => eb.fn.countAll<string>().as('count')])
    .where('newsletter', '=', true)
    .groupBy('account_type')
    .orderBy('account_type')
    .execute();
  expect(subscribers.map((row) => [row.account_type, Number(row.count)])).toEqual([['organisation', 2], ['user', 9]]);
  // Verified as if their links were opened, so the public guide shows them (decision 0026).
  const guide = (await test.app.inject({ method: 'POST', url: '/api/fn/users-getOrganisations', payload: {} })).json().data;
  expect(guide).toHaveLength(2);
  // One member helps with moderation, named through the members admin, which journals it.
  const moderators = await test.database.db.selectFrom('users').select('id').where(sql<boolean>`'moderator' = any(roles)`).execute();
  expect(moderators).toHaveLength(1);
  const journaled = await test.database.db.selectFrom('journal').select('kind').where('target_id', '=', moderators[0].id).execute();
  expect(journaled).toEqual([{ kind: 'roles/grant' }]);

  await registerMember(test.app);
  expect(await countRealAccounts(test.database.db, admin.email)).toBe(1);
});
