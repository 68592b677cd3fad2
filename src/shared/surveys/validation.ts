import {
  followUpApplies,
  isRating,
  SURVEY_TEXT_MAX_LENGTH,
  type BaseAnswer,
  type SurveyAnswer,
  type SurveyResponses,
} from './answers';
import type { Survey, SurveyQuestion } from './definitions';

/**
 * Spec §5 "Survey": every mandatory question answered and, where a follow-up applies, the
 * follow-up too. 'invalid' is an answer no form of ours sends (wrong type, unknown choice,
 * unknown question): the server refuses it without naming it a missing answer.
 */
export type QuestionProblem = 'missing' | 'missing-follow-up' | 'invalid';

interface SurveyCheck {
  /** The answers as they are stored: trimmed, choices de-duplicated in their listed order, unasked follow-ups dropped. */
  responses: SurveyResponses;
  /** By question id; empty when the answers can be sent. */
  problems: Record<string, QuestionProblem>;
}

type Normalized = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; value: BaseAnswer };

const EMPTY: Normalized = { kind: 'empty' };
const INVALID: Normalized = { kind: 'invalid' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function normalizeText(raw: unknown): Normalized {
  if (raw === undefined || raw === null) return EMPTY;
  if (typeof raw !== 'string') return INVALID;
  const text = raw.trim();
  if (text === '') return EMPTY;
  return text.length <= SURVEY_TEXT_MAX_LENGTH ? { kind: 'ok', value: text } : INVALID;
}

/** One question's own answer, without its follow-up. */
function normalizeBase(question: SurveyQuestion, raw: unknown): Normalized {
  if (raw === undefined || raw === null) return EMPTY;
  switch (question.type) {
    case 'text':
      return normalizeText(raw);
    case 'yes-no':
      return typeof raw === 'boolean' ? { kind: 'ok', value: raw } : INVALID;
    case 'rating':
      return isRating(raw) ? { kind: 'ok', value: raw } : INVALID;
    case 'single-choice':
      if (raw === '') return EMPTY;
      return typeof raw === 'string' && question.choices.includes(raw) ? { kind: 'ok', value: raw } : INVALID;
    case 'multiple-choices': {
      if (!Array.isArray(raw) || !raw.every((choice) => typeof choice === 'string' && question.choices.includes(choice))) {
        return INVALID;
      }
      const chosen = question.choices.filter((choice) => raw.includes(choice));
      return chosen.length === 0 ? EMPTY : { kind: 'ok', value: chosen };
    }
  }
}

function checkQuestion(question: SurveyQuestion, raw: unknown): { answer?: SurveyAnswer; problem?: QuestionProblem } {
  let base: unknown = raw;
  let sub: unknown;
  if (question.followUp && raw !== undefined && raw !== null) {
    if (!isPlainObject(raw) || Object.keys(raw).some((key) => key !== 'value' && key !== 'subValue'))
      return { problem: 'invalid' };
    base = raw.value;
    sub = raw.subValue;
  }
  const normalized = normalizeBase(question, base);
  if (normalized.kind === 'invalid') return { problem: 'invalid' };
  if (normalized.kind === 'empty') return question.mandatory ? { problem: 'missing' } : {};
  if (!question.followUp) return { answer: normalized.value };
  if (!followUpApplies(question, normalized.value)) return { answer: { value: normalized.value } };
  const subValue = normalizeText(sub);
  if (subValue.kind === 'invalid') return { problem: 'invalid' };
  if (subValue.kind === 'empty') return { problem: 'missing-follow-up' };
  return { answer: { value: normalized.value, subValue: subValue.value as string } };
}

/** The one check of a survey's answers, run by the form before sending and by the server on receipt. */
export function checkSurveyResponses(survey: Survey, input: unknown): SurveyCheck {
  const given = isPlainObject(input) ? input : {};
  const responses: SurveyResponses = {};
  const problems: Record<string, QuestionProblem> = {};
  const known = new Set(survey.questions.map((question) => question.id));
  for (const key of Object.keys(given)) if (!known.has(key)) problems[key] = 'invalid';
  for (const question of survey.questions) {
    const { answer, problem } = checkQuestion(question, Object.hasOwn(given, question.id) ? given[question.id] : undefined);
    if (problem) problems[question.id] = problem;
    else if (answer !== undefined) responses[question.id] = answer;
  }
  return { responses, problems };
}

/** The server's verdict on a check: which error (spec §8), if any, the answers deserve. */
export function surveyCheckError(check: SurveyCheck): 'invalid-answers' | 'missing-fields' | undefined {
  const problems = Object.values(check.problems);
  if (problems.includes('invalid')) return 'invalid-answers';
  return problems.length > 0 ? 'missing-fields' : undefined;
}
