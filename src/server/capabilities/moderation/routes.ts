import type { FastifyInstance } from 'fastify';
import type { ModerationQueue, PendingPage, PendingSport, PendingWord, PublishedPage } from '../../../shared/moderation';
import { CachedValue } from '../../platform/http/cached-value';
import { boolean, dateTime, integer, listOf, nullable, object, shape, string, text } from '../../platform/http/schema';
import { moderationActionRoutes } from './action-routes';
import { digestPreferenceRoutes } from './digest-routes';
import { pendingSportsPage, pendingWordsPage, publishedWordsPage, queueFirstPages } from './pending';

const QUEUE_FRESH_FOR_MS = 5_000;

const pageQuery = { querystring: object({ after: { ...string({ maxLength: 400 }), pattern: '^[A-Za-z0-9_-]+$' } }, []) };

const next = nullable(text);
const pendingWords = shape({ items: listOf(shape({ id: text, content: text, author: text, createdAt: dateTime })), total: integer, next });
const pendingSports = shape({
  items: listOf(shape({ id: text, name: text, emoji: text, submittedBy: text, createdAt: dateTime })),
  total: integer,
  next,
});
const publishedWords = shape({ items: listOf(shape({ id: text, content: text, author: text, vip: boolean, publishedAt: dateTime })), next });

/** The review queue: words and sport suggestions on one page, pending ones a page at a time, and what is done with them. */
export function moderationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  moderationActionRoutes(app);
  digestPreferenceRoutes(app);

  // The first page is the same for every moderator and every open page reloads it on each
  // change notice: it is computed once per change, not once per moderator. Five seconds at
  // most, for what changes it without a notice (an author renamed).
  const firstPages = new CachedValue(app.liveHub, ['moderation'], () => queueFirstPages(db), QUEUE_FRESH_FOR_MS);
  app.get('/api/admin/moderation', { schema: { response: { 200: shape({ pendingWords, pendingSports, publishedWords }) } } }, async (_request, reply): Promise<ModerationQueue> => {
    reply.header('cache-control', 'no-store');
    return firstPages.get();
  });

  app.get<{ Querystring: { after?: string } }>(
    '/api/admin/moderation/words',
    { schema: { ...pageQuery, response: { 200: pendingWords } } },
    async (request): Promise<PendingPage<PendingWord>> => pendingWordsPage(db, request.query.after),
  );

  app.get<{ Querystring: { after?: string } }>(
    '/api/admin/moderation/sports',
    { schema: { ...pageQuery, response: { 200: pendingSports } } },
    async (request): Promise<PendingPage<PendingSport>> => pendingSportsPage(db, request.query.after),
  );

  app.get<{ Querystring: { after?: string } }>(
    '/api/admin/moderation/published',
    { schema: { ...pageQuery, response: { 200: publishedWords } } },
    async (request): Promise<PublishedPage> => publishedWordsPage(db, request.query.after),
  );
}
