import { sql, type Kysely } from 'kysely';
import {
  formatDecimal,
  RATING_VALUES,
  type BaseAnswer,
  type QuestionResults,
  type Survey,
  type SurveyQuestion,
  type SurveyResults,
  type TextAnswersList,
  type TextList,
} from '../../../shared/surveys';
import type { Database } from '../../platform/db/schema';
import { addTallies, EMPTY_TALLY, questionTally, tallyAnswers, type QuestionTally, type SurveyTally } from './tally';
import { FIRST_TEXTS, textAnswersPage } from './text-pages';

export const YES_LABEL = 'Oui';
export const NO_LABEL = 'Non';

/** Counts in the listed order; values no longer listed (an option renamed since) come after. */
function countLabels(listed: readonly string[], given: [label: string, count: number][]): { label: string; count: number }[] {
  const counts = new Map<string, number>(listed.map((label) => [label, 0]));
  for (const [label, count] of given) counts.set(label, (counts.get(label) ?? 0) + count);
  return [...counts].map(([label, count]) => ({ label, count }));
}

type FirstPages = (questionId: string, list: TextList) => TextAnswersList;

function summariseQuestion(question: SurveyQuestion, tally: QuestionTally, firstPage: FirstPages): QuestionResults {
  const base = {
    id: question.id,
    description: question.description,
    answered: tally.answered,
    followUps: firstPage(question.id, 'follow-ups'),
    followUpDescription: question.followUp?.description,
  };
  const given = [...tally.values].map(([json, count]) => ({ value: JSON.parse(json) as BaseAnswer, count }));
  switch (question.type) {
    case 'text':
      return { ...base, type: 'text', texts: firstPage(question.id, 'answers') };
    case 'yes-no': {
      const labels = given.flatMap(({ value, count }): [string, number][] =>
        typeof value === 'boolean' ? [[value ? YES_LABEL : NO_LABEL, count]] : [],
      );
      return { ...base, type: 'yes-no', counts: countLabels([YES_LABEL, NO_LABEL], labels) };
    }
    case 'rating': {
      const ratings = given.filter((entry): entry is { value: number; count: number } => typeof entry.value === 'number');
      const rated = ratings.reduce((sum, { count }) => sum + count, 0);
      // Ratings are halves: their sums are exact, whatever the order of the additions.
      const mean = rated > 0 ? ratings.reduce((sum, { value, count }) => sum + value * count, 0) / rated : null;
      return {
        ...base,
        type: 'rating',
        mean,
        counts: countLabels(
          RATING_VALUES.map(formatDecimal),
          ratings.map(({ value, count }) => [formatDecimal(value), count]),
        ),
      };
    }
    case 'single-choice':
    case 'multiple-choices': {
      const chosen = given.flatMap(({ value, count }): [string, number][] =>
        Array.isArray(value) ? value.map((choice) => [choice, count]) : typeof value === 'string' ? [[value, count]] : [],
      );
      return { ...base, type: question.type, counts: countLabels(question.choices, chosen) };
    }
  }
}

/**
 * The admin's view of a survey's answers (PRODUCT.md /admin/surveys): per question the counts
 * from the tally, and the first page of its free texts (`firstPage`; the rest on demand).
 */
function summariseSurvey(survey: Survey, tally: SurveyTally, firstPage: FirstPages): SurveyResults {
  return {
    id: survey.id,
    title: survey.title,
    answers: tally.answers,
    questions: survey.questions.map((question) => summariseQuestion(question, questionTally(tally, question.id), firstPage)),
  };
}

/** Results a few seconds old at most (a new answer on this instance counts at once). */
const RESULTS_FRESH_FOR_MS = 5000;

interface SettledTally {
  /** The tally covers the days before this one ('YYYY-MM-DD'). */
  before: string;
  tally: SurveyTally;
}

/**
 * Survey results at any number of answers. Answers are only ever added, dated the day they
 * are given, so the days before yesterday never change: each instance tallies them once, in
 * SQL, and adds the days passed since as they close. A request then counts only yesterday's
 * and today's answers (yesterday too, for a submit that began before midnight and commits
 * after), and reads the first page of each free-text list from the index; it reuses them
 * for a few seconds, so that a busy day is not counted again on every request.
 */
export class SurveyResultsReader {
  private readonly settled = new Map<string, Promise<SettledTally>>();
  private readonly recent = new Map<string, { at: number; yesterday: string; results: Promise<SurveyResults> }>();
  private readonly freshForMs: number;
  private readonly now: () => number;

  /**
   * `freshForMs`: how long a survey's results are answered again as they are, unless an
   * answer to it arrives on this instance (`answered`). A day of many answers (a launch) then
   * costs its count once in a while, not on every request.
   */
  constructor(
    private readonly db: Kysely<Database>,
    { freshForMs = RESULTS_FRESH_FOR_MS, now = Date.now }: { freshForMs?: number; now?: () => number } = {},
  ) {
    this.freshForMs = freshForMs;
    this.now = now;
  }

  /** A member answered this survey: its next results are counted again. */
  answered(surveyId: string) {
    this.recent.delete(surveyId);
  }

  private async settledTally(survey: Survey, before: string): Promise<SettledTally> {
    const cached = this.settled.get(survey.id);
    const current = cached ? await cached : undefined;
    if (current && current.before >= before) return current;
    // Another request moved it on while this one waited: start from theirs.
    if (cached && this.settled.get(survey.id) !== cached) return this.settledTally(survey, before);
    const pending = (async () => {
      const added = await tallyAnswers(this.db, survey, { from: current?.before, before });
      // Fresh statistics once a day, so the free-text pages read the index in order rather
      // than sort every answer: the embedded database never analyzes on its own.
      await sql`analyze survey_answers`.execute(this.db);
      return { before, tally: addTallies(current?.tally ?? EMPTY_TALLY, added) };
    })();
    this.settled.set(survey.id, pending);
    // A failed count must not stay cached; the previous one still holds.
    pending.catch(() => {
      if (this.settled.get(survey.id) === pending) {
        if (cached) this.settled.set(survey.id, cached);
        else this.settled.delete(survey.id);
      }
    });
    return pending;
  }

  /** The results of these surveys, each read at once (their statements in parallel on PostgreSQL). */
  async results(surveys: readonly Survey[]): Promise<SurveyResults[]> {
    const { yesterday } = (await sql<{ yesterday: string }>`select (current_date - 1)::text as yesterday`.execute(this.db)).rows[0];
    return Promise.all(surveys.map((survey) => this.reusedResults(survey, yesterday)));
  }

  private reusedResults(survey: Survey, yesterday: string): Promise<SurveyResults> {
    const now = this.now();
    const reused = this.recent.get(survey.id);
    if (reused && reused.yesterday === yesterday && now - reused.at < this.freshForMs) return reused.results;
    const results = this.surveyResults(survey, yesterday);
    this.recent.set(survey.id, { at: now, yesterday, results });
    results.catch(() => {
      if (this.recent.get(survey.id)?.results === results) this.recent.delete(survey.id);
    });
    return results;
  }

  private async surveyResults(survey: Survey, yesterday: string): Promise<SurveyResults> {
    const { db } = this;
    const [settled, recent] = await Promise.all([this.settledTally(survey, yesterday), tallyAnswers(db, survey, { from: yesterday })]);
    const tally = addTallies(settled.tally, recent);

    const lists = survey.questions.flatMap((question) => {
      const { texts, followUps } = questionTally(tally, question.id);
      return [
        { question, list: 'answers' as TextList, total: question.type === 'text' ? texts : 0 },
        { question, list: 'follow-ups' as TextList, total: followUps },
      ];
    });
    const pages = new Map<string, TextAnswersList>(
      await Promise.all(
        lists.map(async ({ question, list, total }): Promise<[string, TextAnswersList]> => {
          const page = total > 0 ? await textAnswersPage(db, survey.id, question.id, list, { limit: FIRST_TEXTS }) : { texts: [], next: null };
          return [`${question.id}/${list}`, { total, ...page }];
        }),
      ),
    );
    return summariseSurvey(survey, tally, (questionId, list) => pages.get(`${questionId}/${list}`)!);
  }
}
