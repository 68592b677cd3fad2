import { isValidEmail } from './validation/email';
import { isPrintableLine } from './validation/printable';

/**
 * Report an event (/go_with_calshare, PRODUCT.md): what a visitor tells us about a sporting
 * event missing from the app. The form checks each field with these rules as it is typed;
 * the server checks them again and answers the first broken one's code.
 */

/** POST /api/event-reports → 201 { id }. `email` is '' when the visitor leaves none. */
export interface EventReportPayload {
  eventName: string;
  sport: string;
  /** YYYY-MM-DD, as <input type="date"> gives it. */
  date: string;
  place: string;
  link: string;
  email: string;
}

export type EventReportField = keyof EventReportPayload;

/** One stored report, as GET /api/admin/event-reports lists them (newest first). */
interface EventReport extends EventReportPayload {
  id: string;
  createdAt: string;
}

export interface EventReportsResponse {
  reports: EventReport[];
}

export const EVENT_REPORT_MAX_LENGTH: Record<EventReportField, number> = {
  eventName: 120,
  sport: 60,
  date: 10,
  place: 160,
  link: 500,
  email: 254,
};

/** The error code of each field, in the catalogue (src/shared/messages.ts). */
export const EVENT_REPORT_ERROR_CODES: Record<EventReportField, string> = {
  eventName: 'event-reports/invalid-event-name',
  sport: 'event-reports/invalid-sport',
  date: 'event-reports/invalid-date',
  place: 'event-reports/invalid-place',
  link: 'event-reports/invalid-link',
  email: 'event-reports/invalid-email',
};

/** How far ahead a report may look: seasons are planned a year or two in advance. */
const MAX_YEARS_AHEAD = 3;

function isShortText(value: string, field: EventReportField): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && Array.from(trimmed).length <= EVENT_REPORT_MAX_LENGTH[field] && isPrintableLine(trimmed);
}

/**
 * A real calendar day, from yesterday (the visitor's "today" may be the server's yesterday,
 * across time zones) to three years ahead: a past event needs no carpool.
 */
export function isValidEventDate(value: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const todayDate = new Date(`${today}T00:00:00Z`);
  const earliest = new Date(todayDate);
  earliest.setUTCDate(earliest.getUTCDate() - 1);
  const latest = new Date(todayDate);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_YEARS_AHEAD);
  return date >= earliest && date <= latest;
}

/** Visitors type 'www.club.fr' as often as 'https://www.club.fr': both are the same link. */
export function normalizeEventLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

export function isValidEventLink(value: string): boolean {
  const link = normalizeEventLink(value);
  if (link.length > EVENT_REPORT_MAX_LENGTH.link || /\s/.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Today's date as YYYY-MM-DD in the local time of whoever asks (form or server). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isEventReportFieldValid(field: EventReportField, value: string, today: string): boolean {
  switch (field) {
    case 'date':
      return isValidEventDate(value.trim(), today);
    case 'link':
      return isValidEventLink(value);
    case 'email':
      return value.trim() === '' || isValidEmail(value.trim());
    default:
      return isShortText(value, field);
  }
}

export const EVENT_REPORT_FIELDS: readonly EventReportField[] = ['eventName', 'sport', 'date', 'place', 'link', 'email'];

/** The fields that break a rule, in form order. */
export function invalidEventReportFields(payload: EventReportPayload, today: string): EventReportField[] {
  return EVENT_REPORT_FIELDS.filter((field) => !isEventReportFieldValid(field, payload[field], today));
}

/** What is stored: trimmed text, a link with its scheme, no e-mail as ''. */
export function normalizeEventReport(payload: EventReportPayload): EventReportPayload {
  return {
    eventName: payload.eventName.trim(),
    sport: payload.sport.trim(),
    date: payload.date.trim(),
    place: payload.place.trim(),
    link: normalizeEventLink(payload.link),
    email: payload.email.trim().toLowerCase(),
  };
}
