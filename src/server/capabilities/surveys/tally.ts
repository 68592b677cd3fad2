import { sql, type Kysely } from 'kysely';
import type { Survey } from '../../../shared/surveys';
import type { Database } from '../../platform/db/schema';

/**
 * A survey's answers counted per question by the database, so the server never holds the
 * answers themselves. Tallies of two periods add up to the tally of both (see addTallies).
 */
export interface SurveyTally {
  answers: number;
  questions: ReadonlyMap<string, QuestionTally>;
}

export interface QuestionTally {
  /** Answers that give the question a value. */
  answered: number;
  /** Of those, the values that are a text (the free texts of a text question). */
  texts: number;
  /** Non-empty follow-up texts. */
  followUps: number;
  /**
   * Questions other than text: each value given, as JSON (a list of choices, a choice,
   * true or false, a rating), and how many answers gave it. Lists of choices are counted
   * whole here and split into choices for the results, which keeps this additive.
   */
  values: ReadonlyMap<string, number>;
}

/** Days `from` (included) to `before` (excluded), as 'YYYY-MM-DD'; either may be open. */
interface DayRange {
  from?: string;
  before?: string;
}

const EMPTY_QUESTION: QuestionTally = { answered: 0, texts: 0, followUps: 0, values: new Map() };
export const EMPTY_TALLY: SurveyTally = { answers: 0, questions: new Map() };

function dayRange(range: DayRange) {
  const from = range.from ? sql`answered_on >= ${range.from}::date` : sql`true`;
  const before = range.before ? sql`answered_on < ${range.before}::date` : sql`true`;
  return sql<boolean>`${from} and ${before}`;
}

interface TallyRow {
  question: string | null;
  value: unknown;
  answered: number;
  texts: number;
  follow_ups: number;
}

/**
 * Counts a survey's answers of the given days, one row per question and value given. A
 * stored answer is the value itself, or `{ value, subValue }` for a question with a
 * follow-up (spec §3), read here as splitAnswer reads it.
 */
export async function tallyAnswers(db: Kysely<Database>, survey: Survey, range: DayRange = {}): Promise<SurveyTally> {
  const questionIds = survey.questions.map((question) => question.id);
  const countedIds = survey.questions.filter((question) => question.type !== 'text').map((question) => question.id);
  const inRange = dayRange(range);
  // One statement: the answers' number on a row of its own (no question), then the counts.
  const { rows } = await sql<TallyRow>`
    with entries as (
      select question,
             case when jsonb_typeof(answer) = 'object' then answer -> 'value' else answer end as value,
             jsonb_typeof(answer -> 'subValue') = 'string' and answer ->> 'subValue' <> '' as has_follow_up
      from survey_answers
      cross join lateral (select question, responses -> question as answer from unnest(${questionIds}::text[]) as question) as entry
      where survey_id = ${survey.id} and ${inRange} and answer is not null
    )
    select null as question, null::jsonb as value, count(*)::int as answered, 0 as texts, 0 as follow_ups
    from survey_answers
    where survey_id = ${survey.id} and ${inRange}
    union all
    select question,
           case when question = any(${countedIds}::text[]) then value end,
           count(value)::int,
           (count(*) filter (where jsonb_typeof(value) = 'string'))::int,
           (count(*) filter (where has_follow_up))::int
    from entries
    group by 1, 2`.execute(db);

  let answers = 0;
  const questions = new Map<string, { answered: number; texts: number; followUps: number; values: Map<string, number> }>();
  for (const row of rows) {
    if (row.question === null) {
      answers = row.answered;
      continue;
    }
    let tally = questions.get(row.question);
    if (!tally) questions.set(row.question, (tally = { answered: 0, texts: 0, followUps: 0, values: new Map() }));
    tally.answered += row.answered;
    tally.texts += row.texts;
    tally.followUps += row.follow_ups;
    if (row.answered > 0 && row.value !== null) {
      const key = JSON.stringify(row.value);
      tally.values.set(key, (tally.values.get(key) ?? 0) + row.answered);
    }
  }
  return { answers, questions };
}

function addQuestionTallies(a: QuestionTally, b: QuestionTally): QuestionTally {
  const values = new Map(a.values);
  for (const [key, count] of b.values) values.set(key, (values.get(key) ?? 0) + count);
  return { answered: a.answered + b.answered, texts: a.texts + b.texts, followUps: a.followUps + b.followUps, values };
}

/** The tally of two periods together. Neither is changed. */
export function addTallies(a: SurveyTally, b: SurveyTally): SurveyTally {
  const questions = new Map(a.questions);
  for (const [id, tally] of b.questions) questions.set(id, addQuestionTallies(questions.get(id) ?? EMPTY_QUESTION, tally));
  return { answers: a.answers + b.answers, questions };
}

export function questionTally(tally: SurveyTally, questionId: string): QuestionTally {
  return tally.questions.get(questionId) ?? EMPTY_QUESTION;
}
