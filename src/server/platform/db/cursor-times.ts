/**
 * The times a page cursor carries back, checked before they reach a query. Cursors are opaque
 * but come from the client, which may send any digits in their shape: a day that does not
 * exist ('2024-13-45') or the year 0 would fail the query, a 500 where the request is at fault.
 */
const MICROSECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A time to the microsecond in UTC, as to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') writes it. */
export const isCursorInstant = (text: string): boolean => MICROSECOND_UTC.test(text) && isCalendarTime(text.slice(0, 19));

/** A day, YYYY-MM-DD. */
export const isCursorDay = (text: string): boolean => DAY.test(text) && isCalendarTime(`${text}T00:00:00`);

/** YYYY-MM-DDTHH:MM:SS names a moment of the calendar PostgreSQL reads (years 1 to 9999). */
function isCalendarTime(text: string): boolean {
  const parsed = new Date(`${text}Z`);
  return !text.startsWith('0000') && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}
