import { sql, type Kysely } from 'kysely';
import {
  checkSurveyResponses,
  hasAnswered,
  isSurveyOpenTo,
  surveyCheckError,
  surveyReservedCode,
  SURVEYS,
  type SurveyId,
} from '../../../shared/surveys';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

/**
 * Stores one member's answer to one survey, anonymously, and marks the survey answered for
 * them. Everything happens in one transaction that first locks the member's row, so a second
 * submit (or a trip the admin marks meanwhile) waits and then sees this one's outcome; the
 * survey_submissions primary key is the last word on "one answer per member per survey".
 */
export async function submitSurvey(
  db: Kysely<Database>,
  userId: string,
  surveyId: SurveyId,
  responses: unknown,
): Promise<Record<string, true>> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('users')
      .select(['surveys', 'past_trips'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw new AppError(401, 'surveys/unauthorized');
    // The page's order of states (spec §4): reserved, then already answered, then the form.
    if (!isSurveyOpenTo(surveyId, member.past_trips)) throw new AppError(403, surveyReservedCode(surveyId));
    if (hasAnswered(member.surveys, surveyId)) throw new AppError(409, 'surveys/already-answered');
    const check = checkSurveyResponses(SURVEYS[surveyId], responses);
    const problem = surveyCheckError(check);
    if (problem) throw new AppError(400, `surveys/${problem}`);

    const marked = await trx
      .insertInto('survey_submissions')
      .values({ survey_id: surveyId, user_id: userId })
      .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!marked) throw new AppError(409, 'surveys/already-answered');
    await trx
      .insertInto('survey_answers')
      .values({ survey_id: surveyId, responses: JSON.stringify(check.responses) })
      .execute();
    const updated = await trx
      .updateTable('users')
      .set({ surveys: sql<string>`surveys || jsonb_build_object(${surveyId}::text, true)` })
      .where('id', '=', userId)
      .returning('surveys')
      .executeTakeFirstOrThrow();
    return updated.surveys;
  });
}
