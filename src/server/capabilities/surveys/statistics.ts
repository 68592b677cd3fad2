import { sql, type Kysely } from 'kysely';
import { SURVEY_IDS, type SurveyId } from '../../../shared/surveys';
import { weekOfDate } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import './tables';

/** The answers each survey received each week from `since` (a Monday), from the survey_answers_survey_id index. */
export async function answersPerWeek(
  db: Kysely<Database>,
  since: string,
): Promise<{ survey: SurveyId; week: string; answers: number }[]> {
  const rows = await db
    .selectFrom('survey_answers')
    .select(['survey_id', weekOfDate('answered_on').as('week'), sql<string>`count(*)::text`.as('answers')])
    // Each survey named, so that its answers since `since` are one range of the index.
    .where('survey_id', 'in', [...SURVEY_IDS])
    .where('answered_on', '>=', sql<Date>`${since}::date`)
    .groupBy(['survey_id', sql`2`])
    .execute();
  return rows.map((row) => ({ survey: row.survey_id as SurveyId, week: row.week, answers: Number(row.answers) }));
}
