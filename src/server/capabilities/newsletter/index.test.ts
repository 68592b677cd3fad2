import { expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { queueNewsletter } from './newsletters';
import { insertAccounts } from '../../platform/testing/accounts';

const test = setUpTestApp({ NEWSLETTER_RATE_PER_SECOND: '4' });

it('sends with the app’s worker at most NEWSLETTER_RATE_PER_SECOND mails a second', async () => {
  const accounts = await insertAccounts(test.database.db, 5);
  const startedAt = Date.now();
  await queueNewsletter(test.database.db, {
    title: 'Au rythme du fournisseur',
    description: 'Quatre par seconde',
    letter: 'Bonjour !',
    filter: undefined,
    createdBy: accounts[0].id,
  });
  for (const account of accounts) await test.mailbox.waitFor(account.email);
  // Five starts at 4 a second: the last one no sooner than a second after the first
  // (at the default 10 a second, 400 ms would do).
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
  expect(test.mailbox.messages).toHaveLength(5);
});
