import {
  formatDecimal,
  RATING_VALUES,
  splitAnswer,
  type BaseAnswer,
  type QuestionResults,
  type Survey,
  type SurveyQuestion,
  type SurveyResponses,
  type SurveyResults,
} from '../../../shared/surveys';

export const YES_LABEL = 'Oui';
export const NO_LABEL = 'Non';

/** Counts in the listed order; values no longer listed (an option renamed since) come after. */
function countLabels(listed: readonly string[], given: string[]): { label: string; count: number }[] {
  const counts = new Map<string, number>(listed.map((label) => [label, 0]));
  for (const label of given) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count }));
}

function summariseQuestion(question: SurveyQuestion, answers: BaseAnswer[], followUps: string[]): QuestionResults {
  const base = {
    id: question.id,
    description: question.description,
    answered: answers.length,
    followUps,
    followUpDescription: question.followUp?.description,
  };
  switch (question.type) {
    case 'text':
      return { ...base, type: 'text', texts: answers.filter((answer): answer is string => typeof answer === 'string') };
    case 'yes-no': {
      const labels = answers.filter((answer) => typeof answer === 'boolean').map((answer) => (answer ? YES_LABEL : NO_LABEL));
      return { ...base, type: 'yes-no', counts: countLabels([YES_LABEL, NO_LABEL], labels) };
    }
    case 'rating': {
      const ratings = answers.filter((answer): answer is number => typeof answer === 'number');
      const mean = ratings.length > 0 ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : null;
      return { ...base, type: 'rating', mean, counts: countLabels(RATING_VALUES.map(formatDecimal), ratings.map(formatDecimal)) };
    }
    case 'single-choice':
    case 'multiple-choices': {
      const chosen = answers.flatMap((answer) => (Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : []));
      return { ...base, type: question.type, counts: countLabels(question.choices, chosen) };
    }
  }
}

/**
 * The admin's view of a survey's answers (PRODUCT.md /admin/surveys): per question the counts
 * (or texts) and the follow-up texts. `rows` come newest first and the lists keep that order.
 */
export function summariseSurvey(survey: Survey, rows: readonly SurveyResponses[]): SurveyResults {
  return {
    id: survey.id,
    title: survey.title,
    answers: rows.length,
    questions: survey.questions.map((question) => {
      const answers: BaseAnswer[] = [];
      const followUps: string[] = [];
      for (const responses of rows) {
        const { value, subValue } = splitAnswer(responses[question.id]);
        if (value !== undefined) answers.push(value);
        if (typeof subValue === 'string' && subValue !== '') followUps.push(subValue);
      }
      return summariseQuestion(question, answers, followUps);
    }),
  };
}
