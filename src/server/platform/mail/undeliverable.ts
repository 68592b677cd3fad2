import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../../shared/validation/email';
import type { Database } from '../db/schema';
import type { Mailer } from './mailer';

interface SmtpRefusal {
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
}

/**
 * The receiving server refused this recipient for good: a 5xx reply to RCPT TO ('550 5.1.1
 * no such user'). Not a 5xx to anything else: one at AUTH or MAIL FROM is about our own
 * settings, one after DATA about the message, and neither says the address is wrong.
 */
export function isRecipientRefused(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as SmtpRefusal;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && command === 'RCPT TO';
}

/**
 * The mailer, marking an account's address undeliverable when a server refuses it for good,
 * whichever mail it was (decision 0019). The first refusal is kept (when and why); the send
 * still fails for its caller.
 */
export function markingUndeliverable(mailer: Mailer, db: Kysely<Database>, log?: Pick<FastifyBaseLogger, 'error'>): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        if (isRecipientRefused(error)) {
          const reason = String((error as SmtpRefusal).response ?? '').slice(0, 500);
          await db
            .updateTable('users')
            .set({ email_undeliverable_at: new Date(), email_undeliverable_reason: reason })
            .where('email', '=', normalizeEmail(mail.to))
            .where('email_undeliverable_at', 'is', null)
            .execute()
            .catch((markError: unknown) => log?.error({ err: markError }, 'undeliverable address not recorded'));
        }
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
