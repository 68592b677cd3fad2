import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { isRecipientRefused } from '../mail/undeliverable';
import { describeError } from './job-runs';

// A success is written at most this often while mail flows: a newsletter sends hundreds a second.
const SUCCESS_RECORD_EVERY_MS = 60_000;

/**
 * The mailer, recording in mail_health whether the mail path works: when it last took a mail,
 * and since when it refuses or cannot be reached. A recipient refused for good says nothing
 * about the path (the address is wrong, undeliverable.ts), so it is left out.
 */
export function recordingMailHealth(mailer: Mailer, db: Kysely<Database>, log?: Pick<FastifyBaseLogger, 'error'>): Mailer {
  let successRecordedAt = 0;
  let failing = false;
  const kept = (write: Promise<unknown>) => write.catch((error: unknown) => log?.error({ err: error }, 'mail health not recorded'));
  const recordFailure = (error: unknown) =>
    kept(
      db
        .insertInto('mail_health')
        .values({ id: 1, failing_since: sql`now()`, last_failure_at: sql`now()`, last_error: describeError(error) })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            failing_since: sql`coalesce(mail_health.failing_since, now())`,
            last_failure_at: sql`now()`,
            last_error: describeError(error),
          }),
        )
        .execute(),
    );
  const recordSuccess = () =>
    kept(
      db
        .insertInto('mail_health')
        .values({ id: 1, last_success_at: sql`now()` })
        .onConflict((oc) => oc.column('id').doUpdateSet({ last_success_at: sql`now()`, failing_since: null }))
        .execute(),
    );

  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        if (!isRecipientRefused(error)) {
          failing = true;
          await recordFailure(error);
        }
        throw error;
      }
      const now = Date.now();
      if (failing || now - successRecordedAt >= SUCCESS_RECORD_EVERY_MS) {
        failing = false;
        successRecordedAt = now;
        await recordSuccess();
      }
    },
    close: () => mailer.close(),
  };
}

export interface MailHealth {
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  lastFailureAt: Date | null;
  lastError: string | null;
}

export async function mailHealth(db: Kysely<Database>): Promise<MailHealth> {
  const row = await db.selectFrom('mail_health').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    lastSuccessAt: row?.last_success_at ?? null,
    failingSince: row?.failing_since ?? null,
    lastFailureAt: row?.last_failure_at ?? null,
    lastError: row?.last_error ?? null,
  };
}
