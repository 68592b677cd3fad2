/**
 * A date as the exports write it: Auth's milliseconds as a string, Firestore timestamps
 * serialised by the SDK (`{_seconds, _nanoseconds}`), tagged by node-firestore-import-export
 * (`{__datatype__: 'timestamp', value: {…}}`), or an ISO string. Anything else: undefined.
 */
export function toDate(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.__datatype__ === 'timestamp') return toDate(record.value);
    const seconds = record._seconds ?? record.seconds;
    const nanoseconds = record._nanoseconds ?? record.nanoseconds ?? 0;
    if (typeof seconds === 'number' && typeof nanoseconds === 'number') date = new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6));
  }
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const bool = (value: unknown): boolean => value === true;
