import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  isSurveyId,
  SURVEY_IDS,
  SURVEYS,
  type MemberTrips,
  type PastTripsPayload,
  type SurveyId,
  type SurveyResponses,
  type SurveyResultsResponse,
} from '../../../shared/surveys';
import { EMAIL_MAX_LENGTH } from '../../../shared/validation/email';
import { AppError } from '../../http/errors';
import { requireMember } from '../../http/route-groups';
import { object, string } from '../../http/schema';
import { recordAction } from '../journal/record';
import { surveyCsv } from './csv';
import { addPastTrip, findMemberTrips, removeLastPastTrip } from './past-trips';
import { summariseSurvey } from './results';

const emailBody = object({ email: string({ maxLength: EMAIL_MAX_LENGTH + 10 }) });

/** The admin's survey results and export, and the past-trips tool (PRODUCT.md /admin/surveys). */
export function adminSurveyRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /** Newest day first; within a day the random id gives no order to match against accounts. */
  function storedAnswers(surveyId: SurveyId, order: 'asc' | 'desc') {
    return db
      .selectFrom('survey_answers')
      .select(['responses', sql<string>`to_char(answered_on, 'YYYY-MM-DD')`.as('answered_day')])
      .where('survey_id', '=', surveyId)
      .orderBy('answered_on', order)
      .orderBy('id')
      .execute();
  }

  app.get('/api/admin/surveys', async (_request, reply): Promise<SurveyResultsResponse> => {
    reply.header('cache-control', 'no-store');
    const surveys = await Promise.all(
      SURVEY_IDS.map(async (id) => {
        const rows = await storedAnswers(id, 'desc');
        return summariseSurvey(
          SURVEYS[id],
          rows.map((row) => row.responses as SurveyResponses),
        );
      }),
    );
    return { surveys };
  });

  app.get<{ Params: { id: string } }>('/api/admin/surveys/:id/export.csv', async (request, reply) => {
    const { id } = request.params;
    if (!isSurveyId(id)) throw new AppError(404, 'http/not-found');
    const rows = await storedAnswers(id, 'asc');
    const csv = surveyCsv(
      SURVEYS[id],
      rows.map((row) => ({ answeredOn: row.answered_day, responses: row.responses as SurveyResponses })),
    );
    const today = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="questionnaire-${id}-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  function found(member: MemberTrips | undefined): MemberTrips {
    if (!member) throw new AppError(404, 'users/no-user-found');
    return member;
  }

  app.get<{ Querystring: PastTripsPayload }>('/api/admin/past-trips', { schema: { querystring: emailBody } }, async (request) =>
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

  app.post<{ Body: PastTripsPayload }>('/api/admin/past-trips', { schema: { body: emailBody } }, async (request) =>
    changeTrips(request, 'past-trips/add', addPastTrip, requireMember(request).id),
  );

  app.delete<{ Body: PastTripsPayload }>('/api/admin/past-trips/last', { schema: { body: emailBody } }, async (request) =>
    changeTrips(request, 'past-trips/remove', removeLastPastTrip, requireMember(request).id),
  );
}
