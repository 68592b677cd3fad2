import type { ColumnType, Generated } from 'kysely';
import type { SurveyResponses } from '../../../shared/surveys';

/** One anonymous answer: no member id (see the migration). */
export interface SurveyAnswersTable {
  id: Generated<string>;
  survey_id: string;
  responses: ColumnType<SurveyResponses, string, never>;
  answered_on: ColumnType<Date, never, never>;
}

/** The 'already answered' mark, one row per member and survey. */
export interface SurveySubmissionsTable {
  survey_id: string;
  user_id: string;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    survey_answers: SurveyAnswersTable;
    survey_submissions: SurveySubmissionsTable;
  }
}
