import type { FastifyInstance } from 'fastify';
import type { WikiFeedbackCounts } from '../../../shared/wiki';
import { boolean, integer, listOf, shape, text } from '../../platform/http/schema';
import { feedbackCounts } from './queries';
import { currentWiki } from './snapshot';

const counts = shape({ articles: listOf(shape({ articleId: text, title: text, hidden: boolean, helpful: integer, notHelpful: integer })) });

/** The answers to 'Cet article t'a-t-il aidé ?', counted per article (those created since the build and hidden ones too) for /admin. */
export function wikiAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/wiki-feedback', { schema: { response: { 200: counts } } }, async (): Promise<WikiFeedbackCounts> => {
    const [rows, wiki] = await Promise.all([feedbackCounts(db), currentWiki(app)]);
    const count = (articleId: string, helpful: boolean) =>
      Number(rows.find((row) => row.article_id === articleId && row.helpful === helpful)?.count ?? 0);
    return {
      articles: wiki.all.map(({ id, title, hidden }) => ({ articleId: id, title, hidden, helpful: count(id, true), notHelpful: count(id, false) })),
    };
  });
}
