import type { Kysely } from 'kysely';
import type { WikiArticleId } from '../../../shared/wiki';
import type { Database } from '../../platform/db/schema';

/**
 * A visitor's answer about an article, if it is their first: the primary key (article,
 * visitor) decides, even between two clicks racing. Whether it was recorded.
 */
export async function recordFeedback(db: Kysely<Database>, feedback: { articleId: WikiArticleId; visitorId: string; helpful: boolean }): Promise<boolean> {
  const inserted = await db
    .insertInto('wiki_feedback')
    .values({ article_id: feedback.articleId, visitor_id: feedback.visitorId, helpful: feedback.helpful })
    .onConflict((oc) => oc.columns(['article_id', 'visitor_id']).doNothing())
    .returning('article_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How many answers each article had, helpful or not (articles without answers are absent). */
export async function feedbackCounts(db: Kysely<Database>) {
  return db
    .selectFrom('wiki_feedback')
    .select(['article_id', 'helpful', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['article_id', 'helpful'])
    .execute();
}
