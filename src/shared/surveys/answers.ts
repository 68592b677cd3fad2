import type { SurveyQuestion } from './definitions';

/** What a question's own control gives: text, yes-no, rating, one choice or several. */
export type BaseAnswer = string | boolean | number | string[];

/** A question that has a follow-up is always answered this way (spec §3); `subValue` only when asked. */
interface FollowUpAnswer {
  value: BaseAnswer;
  subValue?: string;
}

export type SurveyAnswer = BaseAnswer | FollowUpAnswer;

/** `responses` of users-submitSurvey: question id → answer. */
export type SurveyResponses = Record<string, SurveyAnswer>;

export const SURVEY_TEXT_MAX_LENGTH = 1000;

// Spec §3 and §9: a rating is 0 to 5 in steps of 0.5.
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const RATING_VALUES: readonly number[] = Array.from(
  { length: RATING_MAX / RATING_STEP + 1 },
  (_, index) => index * RATING_STEP,
);

export function isRating(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= RATING_MAX && Number.isInteger(value / RATING_STEP);
}

/** French decimal comma, as the visitor reads it and as French spreadsheets expect it. */
export function formatDecimal(value: number): string {
  return String(value).replace('.', ',');
}

/** '3,5 sur 5': the rating's spoken and written form. */
export function formatRating(value: number): string {
  return `${formatDecimal(value)} sur ${RATING_MAX}`;
}

/** True when this base answer asks the question's follow-up ('Autre' chosen, or the yes-no answer it names). */
export function followUpApplies(question: SurveyQuestion, value: BaseAnswer | undefined): boolean {
  const when = question.followUp?.when;
  if (when === undefined || value === undefined) return false;
  return Array.isArray(value) ? typeof when === 'string' && value.includes(when) : value === when;
}

/** Splits a stored or typed answer into the control's value and the follow-up text. */
export function splitAnswer(answer: SurveyAnswer | undefined): { value: BaseAnswer | undefined; subValue: string | undefined } {
  if (answer !== null && typeof answer === 'object' && !Array.isArray(answer))
    return { value: answer.value, subValue: answer.subValue };
  return { value: answer, subValue: undefined };
}
