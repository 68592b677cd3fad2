import type { SurveyId } from './definitions';

/**
 * Spec §4: pre-use is for members with no trip yet, post-use for members with at least one.
 * The page shows the refusal and the server enforces it with the same rule.
 */
export function isSurveyOpenTo(surveyId: SurveyId, pastTrips: readonly unknown[]): boolean {
  return surveyId === 'pre-use' ? pastTrips.length === 0 : pastTrips.length > 0;
}

/** The error code (and, through the catalogue, the spec's sentence) of a refusal. */
export function surveyReservedCode(surveyId: SurveyId): 'surveys/pre-use-reserved' | 'surveys/post-use-reserved' {
  return surveyId === 'pre-use' ? 'surveys/pre-use-reserved' : 'surveys/post-use-reserved';
}

/** Spec §4 "already answered": the member's surveys map holds the id. */
export function hasAnswered(surveys: Readonly<Record<string, unknown>>, surveyId: SurveyId): boolean {
  return surveys[surveyId] === true;
}
