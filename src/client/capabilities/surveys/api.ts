import { fieldMessages, surveyErrorMessage } from '../../../shared/messages';
import type {
  MemberTrips,
  PublicAmounts,
  SubmitSurveyPayload,
  SubmitSurveyResult,
  SurveyId,
  SurveyResultsResponse,
  TextAnswersPage,
  TextList,
} from '../../../shared/surveys';
import { api, ApiError } from '../../platform/http/http';

export function submitSurvey(payload: SubmitSurveyPayload): Promise<{ data: SubmitSurveyResult }> {
  return api('/api/fn/users-submitSurvey', { method: 'POST', body: payload });
}

/**
 * Spec §8 maps the server's message; ours is French, so the error code is mapped instead
 * (see surveyErrorMessage). A survey that closed meanwhile (a trip was recorded) says why.
 */
export function submitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return fieldMessages.genericError;
  if (error.code === 'surveys/pre-use-reserved' || error.code === 'surveys/post-use-reserved') return error.message;
  return surveyErrorMessage(error.code);
}

export function getPublicAmounts(signal?: AbortSignal): Promise<PublicAmounts> {
  return api<PublicAmounts>('/api/consts/public-amounts', { signal });
}

export function getSurveyResults(signal?: AbortSignal): Promise<SurveyResultsResponse> {
  return api<SurveyResultsResponse>('/api/admin/surveys', { signal });
}

/** The free texts after `after` ('Voir plus' under a list of the results). */
export function getMoreTexts(surveyId: SurveyId, question: string, list: TextList, after: string): Promise<TextAnswersPage> {
  const query = new URLSearchParams({ question, list, after });
  return api<TextAnswersPage>(`/api/admin/surveys/${surveyId}/texts?${query}`);
}

/** A plain link downloads it with the session cookie. */
export const surveyExportUrl = (surveyId: SurveyId) => `/api/admin/surveys/${surveyId}/export.csv`;

export function findMemberTrips(email: string): Promise<MemberTrips> {
  return api<MemberTrips>(`/api/admin/past-trips?email=${encodeURIComponent(email)}`);
}

export function addPastTrip(email: string): Promise<MemberTrips> {
  return api<MemberTrips>('/api/admin/past-trips', { method: 'POST', body: { email } });
}

export function removeLastPastTrip(email: string): Promise<MemberTrips> {
  return api<MemberTrips>('/api/admin/past-trips/last', { method: 'DELETE', body: { email } });
}
