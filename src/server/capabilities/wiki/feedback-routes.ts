import type { FastifyInstance } from 'fastify';
import { isVisitorId, isWikiArticleId, type WikiFeedbackPayload, type WikiFeedbackResponse } from '../../../shared/wiki';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { boolean, object, shape, string } from '../../platform/http/schema';

/** Answers a visitor may send a minute from one address: plenty for reading, not for stuffing. */
const FEEDBACK_PER_MINUTE = 30;

/** 'Cet article t'a-t-il aidé ?': one answer per visitor and article, the first one counts. */
export function feedbackRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const rateLimit = requestLimit(app, { name: 'wiki-feedback', max: FEEDBACK_PER_MINUTE, timeWindow: 60_000 });

  app.post<{ Params: { articleId: string }; Body: WikiFeedbackPayload }>(
    '/api/wiki/:articleId/feedback',
    {
      schema: {
        params: object({ articleId: string({ maxLength: 100 }) }),
        body: object({ visitorId: string({ maxLength: 64 }), helpful: boolean }),
        response: { 200: shape({ recorded: boolean }) },
      },
      onRequest: rateLimit,
    },
    async (request): Promise<WikiFeedbackResponse> => {
      const { articleId } = request.params;
      if (!isWikiArticleId(articleId)) throw new AppError(404, 'wiki/unknown-article');
      if (!isVisitorId(request.body.visitorId)) throw new AppError(400, 'wiki/invalid-visitor');
      // The primary key (article, visitor) decides, even between two clicks racing.
      const inserted = await db
        .insertInto('wiki_feedback')
        .values({ article_id: articleId, visitor_id: request.body.visitorId.toLowerCase(), helpful: request.body.helpful })
        .onConflict((oc) => oc.columns(['article_id', 'visitor_id']).doNothing())
        .returning('article_id')
        .executeTakeFirst();
      return { recorded: inserted !== undefined };
    },
  );
}
