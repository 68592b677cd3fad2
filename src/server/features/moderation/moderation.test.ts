import { expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember } from '../../testing/members';

const test = setUpTestApp();

it('lists pending words and sports oldest first, with authors, for the admin only', async () => {
  const [admin, first, second] = await Promise.all([registerAdmin(test.app, test.database), registerMember(test.app), registerMember(test.app)]);
  await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: first.cookie }, payload: { content: 'Premier message !' } });
  await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: second.cookie }, payload: { content: 'Deuxième message !' } });
  await test.app.inject({ method: 'POST', url: '/api/sports', headers: { cookie: first.cookie }, payload: { name: 'Kayak', emoji: '🛶' } });

  const queue = await test.app.inject({ method: 'GET', url: '/api/admin/moderation', headers: { cookie: admin.cookie } });
  expect(queue.statusCode).toBe(200);
  const body = queue.json();
  expect(body.pendingWords.map((word: { content: string }) => word.content)).toEqual(['Premier message !', 'Deuxième message !']);
  expect(body.pendingWords[0].author).toBe('Camille Martin');
  expect(body.pendingSports).toEqual([expect.objectContaining({ id: 'kayak', name: 'Kayak', emoji: '🛶', submittedBy: 'Camille Martin' })]);
  expect(body.publishedWords).toEqual([]);

  const summary = await test.app.inject({ method: 'GET', url: '/api/admin/summary', headers: { cookie: admin.cookie } });
  expect(summary.json()).toEqual({ pendingWords: 2, pendingSports: 1, eventReports: 0 });

  expect((await test.app.inject({ method: 'GET', url: '/api/admin/moderation', headers: { cookie: first.cookie } })).statusCode).toBe(403);
  expect((await test.app.inject({ method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
});
