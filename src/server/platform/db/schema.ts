import type { ColumnType, Generated } from 'kysely';
import type {
  EmailVerificationsTable,
  LoginFailuresTable,
  OrganisationAllowlistTable,
  OrganisationClaimsTable,
  SessionsTable,
  UserPicturesTable,
  UserSearchTermsTable,
  UsersTable,
} from '../../capabilities/accounts/tables';
import type { EventReportsTable } from '../../capabilities/event-reports/tables';
import type { WikiFeedbackTable } from '../../capabilities/wiki/tables';
import type { SurveyAnswersTable, SurveySubmissionsTable } from '../../capabilities/surveys/tables';
import type { WordsTable } from '../../capabilities/words/tables';
import type { SportReactionsTable, SportsTable } from '../../capabilities/sports/tables';
import type { NewsletterDeliveriesTable, NewslettersTable } from '../../capabilities/newsletter/tables';
import type { JournalTable } from '../../capabilities/journal/tables';
import type { AntiBotSpentTable } from '../anti-bot/tables';

/**
 * The database as Kysely sees it. Each feature adds its tables here, next to the migration
 * that creates them.
 */
export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  user_search_terms: UserSearchTermsTable;
  user_pictures: UserPicturesTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  login_failures: LoginFailuresTable;
  organisation_allowlist: OrganisationAllowlistTable;
  organisation_claims: OrganisationClaimsTable;
  wiki_feedback: WikiFeedbackTable;
  event_reports: EventReportsTable;
  survey_answers: SurveyAnswersTable;
  survey_submissions: SurveySubmissionsTable;
  words: WordsTable;
  sports: SportsTable;
  sport_reactions: SportReactionsTable;
  newsletters: NewslettersTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  journal: JournalTable;
  anti_bot_spent: AntiBotSpentTable;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
