import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { fieldMessages } from '../../../shared/messages';
import type { AdminSummary, ModerationQueue } from '../../../shared/moderation';
import { displayName } from '../../../shared/user';

const PUBLISHED_SHOWN = 200;

type AuthorColumns = { account_type: 'user' | 'organisation' | null; firstname: string | null; lastname: string | null; username: string | null };

function authorName(row: AuthorColumns): string {
  if (!row.account_type) return fieldMessages.unknownAuthor;
  return displayName({ accountType: row.account_type, firstname: row.firstname ?? '', lastname: row.lastname ?? '', username: row.username ?? '' });
}

/** The admin's review queue: words and sport suggestions on one page. */
export function moderationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const author = ['users.account_type', 'users.firstname', 'users.lastname', 'users.username'] as const;

  app.get('/api/admin/moderation', async (): Promise<ModerationQueue> => {
    const [pendingWords, publishedWords, pendingSports] = await Promise.all([
      db
        .selectFrom('words')
        .leftJoin('users', 'users.id', 'words.author_id')
        .select(['words.id', 'words.content', 'words.created_at', ...author])
        .where('words.public', '=', false)
        .orderBy('words.created_at')
        .execute(),
      db
        .selectFrom('words')
        .leftJoin('users', 'users.id', 'words.author_id')
        .select(['words.id', 'words.content', 'words.vip', 'words.published_at', ...author])
        .where('words.public', '=', true)
        .orderBy(sql`words.published_at desc nulls last`)
        .limit(PUBLISHED_SHOWN)
        .execute(),
      db
        .selectFrom('sports')
        .leftJoin('users', 'users.id', 'sports.submitted_by')
        .select(['sports.id', 'sports.name', 'sports.emoji', 'sports.created_at', ...author])
        .where('sports.public', '=', false)
        .orderBy('sports.created_at')
        .execute(),
    ]);
    return {
      pendingWords: pendingWords.map((row) => ({ id: row.id, content: row.content, author: authorName(row), createdAt: row.created_at.toISOString() })),
      publishedWords: publishedWords.map((row) => ({
        id: row.id,
        content: row.content,
        author: authorName(row),
        vip: row.vip,
        publishedAt: (row.published_at ?? new Date(0)).toISOString(),
      })),
      pendingSports: pendingSports.map((row) => ({
        id: row.id,
        name: row.name,
        emoji: row.emoji,
        submittedBy: authorName(row),
        createdAt: row.created_at.toISOString(),
      })),
    };
  });

  app.get('/api/admin/summary', async (): Promise<AdminSummary> => {
    const row = await db
      .selectNoFrom([
        sql<number>`(select count(*)::int from words where not public)`.as('pendingWords'),
        sql<number>`(select count(*)::int from sports where not public)`.as('pendingSports'),
        sql<number>`(select count(*)::int from event_reports)`.as('eventReports'),
      ])
      .executeTakeFirstOrThrow();
    return row;
  });
}
