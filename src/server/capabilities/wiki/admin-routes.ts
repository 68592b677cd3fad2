import type { FastifyInstance } from 'fastify';
import { WIKI_ARTICLE_IDS, type WikiFeedbackCounts } from '../../../shared/wiki';
import { integer, listOf, oneOf, shape } from '../../platform/http/schema';
import { feedbackCounts } from './queries';

const counts = shape({ articles: listOf(shape({ articleId: oneOf(WIKI_ARTICLE_IDS), helpful: integer, notHelpful: integer })) });

/** The answers to 'Cet article t'a-t-il aidé ?', counted per article for /admin. */
export function wikiAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/wiki-feedback', { schema: { response: { 200: counts } } }, async (): Promise<WikiFeedbackCounts> => {
    const rows = await feedbackCounts(db);
    const count = (articleId: string, helpful: boolean) =>
      Number(rows.find((row) => row.article_id === articleId && row.helpful === helpful)?.count ?? 0);
    return {
      articles: WIKI_ARTICLE_IDS.map((articleId) => ({
        articleId,
        helpful: count(articleId, true),
        notHelpful: count(articleId, false),
      })),
    };
  });
}
