import type { FastifyBaseLogger } from 'fastify';
import { every, type Job } from '../../platform/jobs/scheduler';
import { sql, type Kysely } from 'kysely';
import { DIGEST_HOUR, DIGEST_TIME_ZONE } from '../../../shared/moderation';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import { digestMail } from './digest-mail';

/** How often each instance looks whether a digest is due. */
const CHECK_EVERY_MS = 15 * 60 * 1000;

/** Roles whose holders moderate (shared/permissions.ts: 'moderate'). */
const MODERATING_ROLES = ['moderator', 'admin'];

interface DigestOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  site: PublicConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The time of the run (tests move it); now by default. */
  now?: Date;
}

/** Whether the moderator receives the daily digest. */
export async function isSubscribedToDigest(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('moderation_digest').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.moderation_digest;
}

export async function setDigestSubscription(db: Kysely<Database>, userId: string, subscribed: boolean): Promise<void> {
  await db.updateTable('users').set({ moderation_digest: subscribed }).where('id', '=', userId).execute();
}

const frenchDay = (at: unknown) => sql`(${at}::timestamptz at time zone ${DIGEST_TIME_ZONE})::date`;

/**
 * Mails each moderator (role moderator or admin, not suspended) who has not opted out the day's digest of
 * what waits, if anything waits: at most one a French day, whatever the number of instances.
 * Each recipient is claimed by one conditional UPDATE of moderation_digest_sent_at (the
 * database lets one instance win it); a mail that fails gives its claim back for a later run.
 * Returns how many were sent.
 */
export async function sendModerationDigests({ db, mailer, site, log, now = new Date() }: DigestOptions): Promise<number> {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: DIGEST_TIME_ZONE }).format(now));
  if (hour < DIGEST_HOUR) return 0;
  const waiting = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from words where not public)`.as('words'),
      sql<number>`(select count(*)::int from sports where not public)`.as('sports'),
      // least() skips a null: the oldest of either list.
      sql<Date | null>`least((select min(created_at) from words where not public), (select min(created_at) from sports where not public))`.as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  if (waiting.words + waiting.sports === 0 || !waiting.oldest) return 0;

  const claimed = await db
    .updateTable('users')
    .set({ moderation_digest_sent_at: now })
    .where('moderation_digest', '=', true)
    // cardinality(roles) > 0 lets the planner read the users_staff partial index (decision 0020)
    // instead of every account, every 15 minutes on every instance.
    .where(sql<boolean>`cardinality(roles) > 0`)
    .where(sql<boolean>`roles && ${sql.val(MODERATING_ROLES)}::text[]`)
    .where('email_undeliverable_at', 'is', null)
    .where('suspended_at', 'is', null)
    .where((eb) => eb.or([eb('moderation_digest_sent_at', 'is', null), eb(frenchDay(sql.ref('moderation_digest_sent_at')), '<', frenchDay(now))]))
    .returning(['id', 'email', 'firstname', 'username', 'account_type'])
    .execute();

  let sent = 0;
  for (const moderator of claimed) {
    const name = moderator.account_type === 'user' && moderator.firstname ? moderator.firstname : moderator.username;
    try {
      await mailer.send({ to: moderator.email, ...digestMail(site, { name, words: waiting.words, sports: waiting.sports, oldest: new Date(waiting.oldest) }) });
      sent += 1;
    } catch (error) {
      log.error({ err: error }, 'moderation digest not sent');
      // Given back only if no other run has claimed it since.
      await db
        .updateTable('users')
        .set({ moderation_digest_sent_at: null })
        .where('id', '=', moderator.id)
        .where('moderation_digest_sent_at', '=', now)
        .execute();
    }
  }
  return sent;
}

/**
 * Mails moderators the day's digest of what waits (decision 0021), at most once a day each:
 * looks every 15 minutes (and at start) whether digests are due, on each instance.
 */
export function moderationDigestJob(options: Omit<DigestOptions, 'now'>): Job {
  return {
    name: 'moderation digests',
    next: every(CHECK_EVERY_MS),
    async run() {
      const sent = await sendModerationDigests(options);
      if (sent > 0) options.log.info({ moderationDigests: sent }, 'moderation digests sent');
    },
  };
}
