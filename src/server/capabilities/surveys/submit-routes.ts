import type { FastifyInstance } from 'fastify';
import { ALL_QUESTION_IDS, SURVEY_IDS, type SubmitSurveyPayload, type SubmitSurveyResult } from '../../../shared/surveys';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dataOf, mapOf, object, oneOf, shape, string } from '../../platform/http/schema';
import { surveyResultsReader } from './results-reader';
import { submitSurvey } from './submit';

// Answers are closed to the known question ids; their shapes are the shared rule's business
// (checkSurveyResponses), so that the form and the server judge them the same way.
const responses = object(Object.fromEntries(ALL_QUESTION_IDS.map((id) => [id, {}])), []);

/** Spec §7 users-submitSurvey, for signed-in members only. */
export function submitRoutes(app: FastifyInstance) {
  app.post<{ Body: SubmitSurveyPayload }>(
    '/api/fn/users-submitSurvey',
    {
      schema: {
        body: object({ surveyId: oneOf(SURVEY_IDS), userId: string({ maxLength: 64 }), responses }),
        response: { 200: dataOf(shape({ surveys: mapOf(boolean) })) },
      },
    },
    async (request): Promise<{ data: SubmitSurveyResult }> => {
      const member = requireMember(request);
      // The payload names the member (spec §7); it may only be oneself.
      if (request.body.userId !== member.id) throw new AppError(403, 'surveys/unauthorized');
      const surveys = await submitSurvey(app.database.db, member.id, request.body.surveyId, request.body.responses);
      surveyResultsReader(app).answered(request.body.surveyId);
      return { data: { surveys } };
    },
  );
}
