/** The worker gave up waiting for the SMTP exchange; the message may still be on its way. */
export class SendTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`no reply from the SMTP server within ${timeoutMs} ms`);
    this.name = 'SendTimeout';
  }
}

// nodemailer's timeouts that end a connection before any message is handed over.
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
// nodemailer's codes for a session that failed before MAIL FROM: DNS, TLS upgrade, login.
const SETUP_FAILURES = new Set(['EDNS', 'ETLS', 'EAUTH', 'ENOAUTH']);
// Socket errors of a connection that was never made.
const NO_CONNECTION = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface SmtpError {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
  timeoutType?: unknown;
}

/**
 * Whether a failed send may still have reached the recipient (decision 0012). Only failures
 * known to leave nothing at the server are safe to retry: the server's own refusal (a 4xx
 * or 5xx reply means it did not take the message), and a connection that failed before the
 * session began. A timeout or a dropped connection in the middle of the exchange may come
 * after the server took the message (RFC 5321 §4.1.1.4 warns of exactly this), and so may
 * anything we cannot place: those count as delivered-perhaps.
 */
export function mayHaveBeenDelivered(error: unknown): boolean {
  if (error instanceof SendTimeout) return true;
  const { code, originalCode, responseCode, timeoutType } = (error ?? {}) as SmtpError;
  if (typeof responseCode === 'number') return false;
  if (code === 'ETIMEDOUT') return !SETUP_TIMEOUTS.has(String(timeoutType));
  if (SETUP_FAILURES.has(String(code))) return false;
  if (code === 'ESOCKET' && NO_CONNECTION.has(String(originalCode))) return false;
  return true;
}

/** The SMTP server's own reply when there is one ('550 5.1.1 Unknown user'). */
export function describeSendError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  if (typeof response === 'string' && response) return response;
  return typeof message === 'string' && message ? message : String(error);
}

/**
 * The mail path itself is down, rather than this one message or address refused: the server
 * could not be reached or logged into, it said it is closing (421), or it refused the sender.
 * Nothing reached it, so the mail waits for the path to come back without spending one of
 * the recipient's attempts. A reply to RCPT TO or DATA is about this recipient or message.
 */
export function isMailPathDown(error: unknown): boolean {
  if (mayHaveBeenDelivered(error)) return false;
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== 'number' || responseCode === 421) return true;
  return command !== 'RCPT TO' && command !== 'DATA';
}
