/**
 * Request and response shapes of the surveys and settings API, shared by the pages and the
 * server. The submit is spec §7's callable `users-submitSurvey`.
 */
import type { SurveyResponses } from './answers';
import type { QuestionType, SurveyId } from './definitions';

/** POST /api/fn/users-submitSurvey → { data: SubmitSurveyResult } */
export interface SubmitSurveyPayload {
  surveyId: SurveyId;
  /** Must be the signed-in member's uuid (else 403 surveys/unauthorized). */
  userId: string;
  responses: SurveyResponses;
}

export interface SubmitSurveyResult {
  /** The member's surveys map after the answer (spec §3 User.surveys). */
  surveys: Record<string, true>;
}

/** GET /api/consts/public-amounts (spec §7 Consts/public_amounts); PUT /api/admin/settings takes the same. */
export interface PublicAmounts {
  bonusAmount: number;
}

/** GET /api/admin/surveys → { surveys: SurveyResults[] } */
export interface SurveyResultsResponse {
  surveys: SurveyResults[];
}

export interface SurveyResults {
  id: SurveyId;
  title: string;
  /** Number of answers received. */
  answers: number;
  questions: QuestionResults[];
}

interface QuestionResultsBase {
  id: string;
  type: QuestionType;
  description: string;
  /** How many answers answered this question. */
  answered: number;
  /** Texts given to the follow-up: their number and the newest ones. */
  followUps: TextAnswersList;
  followUpDescription?: string;
}

/** Choices, yes-no and ratings: one count per possible value, in display order. */
export interface CountedResults extends QuestionResultsBase {
  type: 'single-choice' | 'multiple-choices' | 'yes-no' | 'rating';
  counts: { label: string; count: number }[];
  /** Ratings only: the mean, or null without answers. */
  mean?: number | null;
}

interface TextResults extends QuestionResultsBase {
  type: 'text';
  /** The answers' number and the newest ones. */
  texts: TextAnswersList;
}

export type QuestionResults = CountedResults | TextResults;

/** Free texts a page at a time, newest first. */
export interface TextAnswersPage {
  texts: string[];
  /** The `after` of the following page, or null when there is none. */
  next: string | null;
}

export interface TextAnswersList extends TextAnswersPage {
  /** How many texts there are in all. */
  total: number;
}

/** Which texts of a question: the answers to a text question, or a follow-up's. */
export const TEXT_LISTS = ['answers', 'follow-ups'] as const;
export type TextList = (typeof TEXT_LISTS)[number];

/** GET /api/admin/surveys/:id/texts?question=…&list=…&after=… → TextAnswersPage */
export interface TextAnswersQuery {
  question: string;
  list: TextList;
  after: string;
}

/** A member as the admin's past-trips tool shows them (GET/POST /api/admin/past-trips). */
export interface MemberTrips {
  uuid: string;
  username: string;
  email: string;
  pastTrips: string[];
  surveys: Record<string, true>;
}

/** POST /api/admin/past-trips and DELETE /api/admin/past-trips/last */
export interface PastTripsPayload {
  email: string;
}
