import { sql, type Kysely } from 'kysely';
import { formatDecimal, splitAnswer, type Survey, type SurveyResponses } from '../../../shared/surveys';
import type { Database } from '../../platform/db/schema';
import { NO_LABEL, YES_LABEL } from './results';

// French Excel splits on ';' (its list separator) and reads UTF-8 only after a BOM; decimals
// are written with a comma for the same reason.
const SEPARATOR = ';';
const BOM = '\uFEFF';
const MULTIPLE_CHOICE_JOINER = ' | ';

/**
 * One CSV field: quoted when it holds a separator (';', or ',' for tools that guess), a quote
 * or a line break (RFC 4180, quotes doubled), and defused when a spreadsheet would run it as a
 * formula (OWASP "CSV injection").
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;,"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvRow(row: readonly string[]): string {
  return row.map(csvField).join(SEPARATOR) + '\r\n';
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map(csvRow).join('');
}

function answerCell(value: unknown): string {
  if (typeof value === 'boolean') return value ? YES_LABEL : NO_LABEL;
  if (typeof value === 'number') return formatDecimal(value);
  if (Array.isArray(value)) return value.join(MULTIPLE_CHOICE_JOINER);
  return typeof value === 'string' ? value : '';
}

interface StoredAnswer {
  answeredOn: string;
  responses: SurveyResponses;
}

/** The header row: the questions, a follow-up in a column of its own. */
export function surveyCsvHeader(survey: Survey): string {
  const header = ['Date'];
  for (const question of survey.questions) {
    header.push(question.description);
    if (question.followUp) header.push(`${question.description} (${question.followUp.description})`);
  }
  return BOM + csvRow(header);
}

/** One answer's row. */
export function surveyCsvRow(survey: Survey, { answeredOn, responses }: StoredAnswer): string {
  const row = [answeredOn];
  for (const question of survey.questions) {
    const { value, subValue } = splitAnswer(responses[question.id]);
    row.push(answerCell(value));
    if (question.followUp) row.push(subValue ?? '');
  }
  return csvRow(row);
}

const CSV_BATCH = 1000;

/**
 * A survey's CSV: a header row of the questions, then a row per answer, oldest first. The
 * answers are read a batch at a time (a keyset on (answered_on, id)) and given a batch at a
 * time: read as a stream, it holds one batch at most, whatever the number of answers, on
 * PGlite as on PostgreSQL.
 */
export async function* surveyCsvChunks(
  db: Kysely<Database>,
  survey: Survey,
  batchSize = CSV_BATCH,
): AsyncGenerator<string, void, undefined> {
  yield surveyCsvHeader(survey);
  let after: { day: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('survey_answers')
      .select(['id', 'responses', sql<string>`to_char(answered_on, 'YYYY-MM-DD')`.as('day')])
      .where('survey_id', '=', survey.id);
    if (after) query = query.where(sql<boolean>`(answered_on, id) > (${after.day}::date, ${after.id}::uuid)`);
    const rows = await query.orderBy('answered_on').orderBy('id').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => surveyCsvRow(survey, { answeredOn: row.day, responses: row.responses })).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { day: last.day, id: last.id };
  }
}
