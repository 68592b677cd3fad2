import type { FastifyInstance } from 'fastify';
import { isVisitorId, type WikiFeedbackPayload, type WikiFeedbackResponse } from '../../../shared/wiki';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { boolean, object, shape, string } from '../../platform/http/schema';
import { recordFeedback } from './queries';
import { currentWiki } from './snapshot';

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
      // The articles visitors can read, those created since the build too; not a hidden one.
      if (!(await currentWiki(app)).pages.has(articleId)) throw new AppError(404, 'wiki/unknown-article');
      if (!isVisitorId(request.body.visitorId)) throw new AppError(400, 'wiki/invalid-visitor');
      return { recorded: await recordFeedback(db, { articleId, visitorId: request.body.visitorId.toLowerCase(), helpful: request.body.helpful }) };
    },
  );
}
