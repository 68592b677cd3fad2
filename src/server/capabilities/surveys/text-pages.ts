import { sql, type Kysely } from 'kysely';
import type { SurveyId, TextAnswersPage, TextList } from '../../../shared/surveys';
import { isCursorDay } from '../../platform/db/cursor-times';
import type { Database } from '../../platform/db/schema';

/** Texts shown with the results, then fetched per 'Voir plus'. */
export const FIRST_TEXTS = 8;
export const MORE_TEXTS = 25;

/** A page ends after an answer; the next starts before it: its day and its id, newest first. */
const CURSOR = /^(\d{4}-\d{2}-\d{2})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

interface Cursor {
  day: string;
  id: string;
}

export function parseCursor(value: string): Cursor | undefined {
  const match = CURSOR.exec(value);
  return match && isCursorDay(match[1]) ? { day: match[1], id: match[2] } : undefined;
}

/**
 * One page of a question's free texts, newest first: the answers of a text question, or
 * the non-empty follow-up texts. A keyset on (answered_on, id), read backwards along the
 * survey_answers_keyset index, so a page costs the same on the first or the thousandth.
 */
export async function textAnswersPage(
  db: Kysely<Database>,
  surveyId: SurveyId,
  questionId: string,
  list: TextList,
  { after, limit }: { after?: Cursor; limit: number },
): Promise<TextAnswersPage> {
  const answer = sql`survey_answers.responses -> ${questionId}::text`;
  // The answer as splitAnswer reads it: the value itself, or the `value` of `{ value, subValue }`.
  const text =
    list === 'answers'
      ? sql`case when jsonb_typeof(${answer}) = 'object' then ${answer} -> 'value' else ${answer} end`
      : sql`${answer} -> 'subValue'`;
  let query = db
    .selectFrom('survey_answers')
    .select(['id', sql<string>`to_char(answered_on, 'YYYY-MM-DD')`.as('day'), sql<string>`${text} #>> '{}'`.as('text')])
    .where('survey_id', '=', surveyId)
    .where(sql<boolean>`jsonb_typeof(${text}) = 'string'`);
  if (list === 'follow-ups') query = query.where(sql<boolean>`${text} #>> '{}' <> ''`);
  if (after) query = query.where(sql<boolean>`(answered_on, id) < (${after.day}::date, ${after.id}::uuid)`);
  const rows = await query
    .orderBy('answered_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    texts: shown.map((row) => row.text),
    next: rows.length > limit && last ? `${last.day}_${last.id}` : null,
  };
}
