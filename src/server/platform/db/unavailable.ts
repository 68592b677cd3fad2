// Socket errors of a database that cannot be reached: refused, reset, timed out, not found.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// PostgreSQL's classes 08 (connection exception) and 57P (operator intervention: shut down,
// crashed, starting up), and 53300 (too many connections).
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// What pg says of a connection it lost or could not open in time, without a code.
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The database is out of reach for now (stopped, restarting, a connection cut), rather than a
 * statement being wrong: the request is answered 503, to try again, and the pool opens new
 * connections once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  return typeof message === 'string' && PG_MESSAGES.some((known) => message.includes(known));
}
