import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import {
  isSurveyId,
  QUESTION_TYPES,
  SURVEY_IDS,
  SURVEYS,
  TEXT_LISTS,
  type MemberTrips,
  type PastTripsPayload,
  type SurveyResultsResponse,
  type TextAnswersPage,
  type TextAnswersQuery,
} from '../../../shared/surveys';
import { EMAIL_MAX_LENGTH } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, integer, listOf, mapOf, nullable, number, object, oneOf, shape, string, text } from '../../platform/http/schema';
import { recordAction } from '../journal/index';
import { surveyCsvChunks } from './csv';
import { addPastTrip, findMemberTrips, removeLastPastTrip } from './past-trips';
import { surveyResultsReader } from './results-reader';
import { MORE_TEXTS, parseCursor, textAnswersPage } from './text-pages';

const emailBody = object({ email: string({ maxLength: EMAIL_MAX_LENGTH + 10 }) });
// Any text: an unknown survey is a 404 of the handler.
const surveyParams = object({ id: string({ maxLength: 50 }) });

const textsPage = shape({ texts: listOf(text), next: nullable(text) });
const textsList = shape({ texts: listOf(text), next: nullable(text), total: integer });
/**
 * `QuestionResults`, both kinds in one object: `counts` for choices, yes-no and ratings (with
 * `mean` for ratings), `texts` for text questions.
 */
const questionResults = shape(
  {
    id: text,
    type: oneOf(QUESTION_TYPES),
    description: text,
    answered: integer,
    followUps: textsList,
    followUpDescription: text,
    counts: listOf(shape({ label: text, count: integer })),
    mean: nullable(number),
    texts: textsList,
  },
  ['followUpDescription', 'counts', 'mean', 'texts'],
);
const surveyResults = shape({
  surveys: listOf(shape({ id: oneOf(SURVEY_IDS), title: text, answers: integer, questions: listOf(questionResults) })),
});
/** `MemberTrips`, as the past-trips tool shows a member. */
const memberTrips = { 200: shape({ uuid: text, username: text, email: text, pastTrips: listOf(text), surveys: mapOf(boolean) }) };

/** The admin's survey results and export, and the past-trips tool (PRODUCT.md /admin/surveys). */
export function adminSurveyRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const results = surveyResultsReader(app);

  app.get('/api/admin/surveys', { schema: { response: { 200: surveyResults } } }, async (_request, reply): Promise<SurveyResultsResponse> => {
    reply.header('cache-control', 'no-store');
    return { surveys: await results.results(SURVEY_IDS.map((id) => SURVEYS[id])) };
  });

  // The free texts after the first page of GET /api/admin/surveys ('Voir plus').
  app.get<{ Params: { id: string }; Querystring: TextAnswersQuery }>(
    '/api/admin/surveys/:id/texts',
    {
      schema: {
        params: surveyParams,
        querystring: object({ question: string({ maxLength: 100 }), list: oneOf(TEXT_LISTS), after: string({ maxLength: 100 }) }),
        response: { 200: textsPage },
      },
    },
    async (request, reply): Promise<TextAnswersPage> => {
      const { id } = request.params;
      const { question: questionId, list, after } = request.query;
      const survey = isSurveyId(id) ? SURVEYS[id] : undefined;
      const question = survey?.questions.find((candidate) => candidate.id === questionId);
      if (!survey || !question || (list === 'answers' ? question.type !== 'text' : !question.followUp)) throw new AppError(404, 'http/not-found');
      const cursor = parseCursor(after);
      if (!cursor) throw new AppError(400, 'http/bad-request');
      reply.header('cache-control', 'no-store');
      return textAnswersPage(db, survey.id, question.id, list, { after: cursor, limit: MORE_TEXTS });
    },
  );

  app.get<{ Params: { id: string } }>('/api/admin/surveys/:id/export.csv', { schema: { params: surveyParams } }, async (request, reply) => {
    const { id } = request.params;
    if (!isSurveyId(id)) throw new AppError(404, 'http/not-found');
    const today = new Date().toISOString().slice(0, 10);
    // Streamed from the database as it is read: the server holds one batch of answers at most.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="questionnaire-${id}-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(surveyCsvChunks(db, SURVEYS[id])));
  });

  function found(member: MemberTrips | undefined): MemberTrips {
    if (!member) throw new AppError(404, 'users/no-user-found');
    return member;
  }

  app.get<{ Querystring: PastTripsPayload }>('/api/admin/past-trips', { schema: { querystring: emailBody, response: memberTrips } }, async (request) =>
    found(await findMemberTrips(db, request.query.email)),
  );

  /** A change of a member's trips, journaled in its transaction when it found the member. */
  function changeTrips(request: { body: PastTripsPayload }, kind: 'past-trips/add' | 'past-trips/remove', change: typeof addPastTrip, actorId: string) {
    return db.transaction().execute(async (trx) => {
      const member = await change(trx, request.body.email);
      if (member) {
        await recordAction(trx, { actorId, kind, targetType: 'user', targetId: member.uuid, summary: `${member.email} : ${member.pastTrips.length} trajet(s)` });
      }
      return found(member);
    });
  }

  app.post<{ Body: PastTripsPayload }>('/api/admin/past-trips', { schema: { body: emailBody, response: memberTrips } }, async (request) =>
    changeTrips(request, 'past-trips/add', addPastTrip, requireMember(request).id),
  );

  app.delete<{ Body: PastTripsPayload }>('/api/admin/past-trips/last', { schema: { body: emailBody, response: memberTrips } }, async (request) =>
    changeTrips(request, 'past-trips/remove', removeLastPastTrip, requireMember(request).id),
  );
}
