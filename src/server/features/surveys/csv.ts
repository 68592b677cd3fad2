import { formatDecimal, splitAnswer, type Survey, type SurveyResponses } from '../../../shared/surveys';
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

export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(SEPARATOR) + '\r\n').join('');
}

function answerCell(value: unknown): string {
  if (typeof value === 'boolean') return value ? YES_LABEL : NO_LABEL;
  if (typeof value === 'number') return formatDecimal(value);
  if (Array.isArray(value)) return value.join(MULTIPLE_CHOICE_JOINER);
  return typeof value === 'string' ? value : '';
}

export interface StoredAnswer {
  answeredOn: string;
  responses: SurveyResponses;
}

/** A header row of the questions (a follow-up gets its own column), then one row per answer. */
export function surveyCsv(survey: Survey, answers: readonly StoredAnswer[]): string {
  const header = ['Date'];
  for (const question of survey.questions) {
    header.push(question.description);
    if (question.followUp) header.push(`${question.description} (${question.followUp.description})`);
  }
  const rows = answers.map(({ answeredOn, responses }) => {
    const row = [answeredOn];
    for (const question of survey.questions) {
      const { value, subValue } = splitAnswer(responses[question.id]);
      row.push(answerCell(value));
      if (question.followUp) row.push(subValue ?? '');
    }
    return row;
  });
  return toCsv([header, ...rows]);
}
