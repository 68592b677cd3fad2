import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/connection';
import { createTestDatabase } from '../../platform/testing/test-database';
import { setMemberSuspension } from '../members/index';
import { queueNewsletter } from './newsletters';
import { setNewsletterSubscription } from './subscription';
import { change } from '../../platform/live/change';
import { insertAccounts } from '../../platform/testing/accounts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('drops the waiting mails of a member who unsubscribes during a sending, and only theirs', async () => {
  const [stays, leaves] = await insertAccounts(database.db, 2);
  const { newsletterId, total } = await queueNewsletter(database.db, {
    title: 'En cours',
    description: '',
    letter: 'Bonjour',
    filter: undefined,
    createdBy: stays.id,
  });
  expect(total).toBe(2);
  expect(await change({ database }, (subscription) => setNewsletterSubscription(subscription, leaves.id, false))).toBe(true);
  const waiting = await database.db.selectFrom('newsletter_deliveries').select(['user_id', 'status']).where('newsletter_id', '=', newsletterId).execute();
  expect(waiting).toEqual([{ user_id: stays.id, status: 'pending' }]);
});

it('drops the waiting mails of a member suspended during a sending, and only theirs', async () => {
  const [admin, stays, suspended] = await insertAccounts(database.db, 3);
  await database.db.updateTable('users').set({ roles: ['admin'] }).where('id', '=', admin.id).execute();
  await database.db.updateTable('users').set({ newsletter: false }).where('id', 'not in', [admin.id, stays.id, suspended.id]).execute();
  const { newsletterId, total } = await queueNewsletter(database.db, { title: 'Pendant', description: '', letter: 'Bonjour', filter: undefined, createdBy: admin.id });
  expect(total).toBe(3);
  await change({ database }, (suspension) => setMemberSuspension(suspension, admin.id, suspended.id, true));
  const waiting = await database.db.selectFrom('newsletter_deliveries').select('user_id').where('newsletter_id', '=', newsletterId).execute();
  expect(waiting.map((row) => row.user_id).sort()).toEqual([admin.id, stays.id].sort());
});

it('answers false for an account that does not exist', async () => {
  expect(await change({ database }, (subscription) => setNewsletterSubscription(subscription, '00000000-0000-4000-8000-000000000000', false))).toBe(false);
});

it('freezes the recipients when sending starts: a later account is not added', async () => {
  const [first] = await insertAccounts(database.db, 1);
  await database.db.updateTable('users').set({ newsletter: false }).where('id', '!=', first.id).execute();
  const { newsletterId } = await queueNewsletter(database.db, { title: 'Figée', description: '', letter: 'Bonjour', filter: undefined, createdBy: first.id });
  await insertAccounts(database.db, 1);
  const rows = await database.db.selectFrom('newsletter_deliveries').select('user_id').where('newsletter_id', '=', newsletterId).execute();
  expect(rows).toEqual([{ user_id: first.id }]);
});
