import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { purgeExpiredVerificationLinks } from '../../capabilities/accounts/email-verification';
import { purgeOldLoginFailures } from '../../capabilities/accounts/login-throttle';
import { purgeExpiredOrganisationClaims } from '../../capabilities/organisations/claims';
import { purgeExpiredSessions } from '../../capabilities/accounts/sessions';
import { purgeSpentChallenges } from '../anti-bot/proof-of-work';
import { announce } from '../live/announce';
import { pruneOutbox } from './outbox';
import { JOURNAL_RETENTION_MONTHS } from '../../../shared/journal';

/**
 * The retention periods of the privacy policy (content/privacy-policy.md §3) for the data the
 * site holds; decision 0015 says which table falls under which, and why the others hold none.
 */
const RETENTION = {
  /** "Compte actif … archivage 5 ans après ta dernière utilisation". */
  inactiveAccount: sql`interval '5 years'`,
  /** "Mails échangés avec le service contact : 1 an": the e-mail joined to an event report. */
  contactEmail: sql`interval '1 year'`,
  /** "Journaux techniques : 12 mois": who was sent which newsletter, and how it went. */
  deliveryLog: sql`interval '12 months'`,
  /** The same "Journaux techniques : 12 mois": the journal of admin and moderator actions. */
  journal: sql`make_interval(months => ${JOURNAL_RETENTION_MONTHS})`,
  /** "Compte suspendu : 2 ans" (the 10 years of a grave breach are kept apart, not on the site). */
  suspendedAccount: sql`interval '2 years'`,
};

/** Rows removed (or made anonymous) per category by one run. */
type RetentionCounts = Record<string, number>;

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);

/**
 * One statement per category, each a plain DELETE or UPDATE of what is past its period: two
 * instances running it at once only find less to do.
 */
export async function applyRetention(db: Kysely<Database>): Promise<RetentionCounts> {
  const counts: RetentionCounts = {};
  counts.expiredSessions = await purgeExpiredSessions(db);
  counts.oldLoginFailures = await purgeOldLoginFailures(db);
  // E-mail verification links: 48 hours (decision 0018), used or not.
  counts.expiredVerificationLinks = await purgeExpiredVerificationLinks(db);
  // Organisations' claims on an address: the same 48 hours, used or not (decision 0026).
  counts.expiredOrganisationClaims = await purgeExpiredOrganisationClaims(db);
  // Spent anti-bot challenges: until the challenge expires (30 minutes, decision 0023).
  counts.spentChallenges = await purgeSpentChallenges(db);

  // As when the member deletes it (account-routes.ts): sessions, picture, reactions, pending
  // word and mails go with the row; a public word stays, shown as 'Inconnu'.
  counts.inactiveAccounts = count(
    await db.deleteFrom('users').where('last_seen_at', '<', sql<Date>`now() - ${RETENTION.inactiveAccount}`).executeTakeFirst(),
  );
  // Suspended by an admin two years ago and never reinstated: deleted the same way.
  counts.suspendedAccounts = count(
    await db.deleteFrom('users').where('suspended_at', '<', sql<Date>`now() - ${RETENTION.suspendedAccount}`).executeTakeFirst(),
  );
  if (counts.inactiveAccounts + counts.suspendedAccounts > 0) {
    await announce(db, 'counter');
    await announce(db, 'words');
    await announce(db, 'moderation');
  }

  // An organisation's address allowed to register, never used or left by a closed account.
  counts.unusedOrganisationInvitations = count(
    await db
      .deleteFrom('organisation_allowlist')
      .where('created_at', '<', sql<Date>`now() - ${RETENTION.contactEmail}`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('users').select('users.id').whereRef('users.email', '=', 'organisation_allowlist.email'))),
      )
      .executeTakeFirst(),
  );

  // The report itself names an event, not a person: it stays for the team, without the address.
  counts.eventReportEmails = count(
    await db
      .updateTable('event_reports')
      .set({ email: '' })
      .where('email', '<>', '')
      .where('created_at', '<', sql<Date>`now() - ${RETENTION.contactEmail}`)
      .executeTakeFirst(),
  );

  // Settled deliveries only: a sending still under way keeps its queue.
  counts.newsletterDeliveries = count(
    await db
      .deleteFrom('newsletter_deliveries')
      .where('status', 'in', ['sent', 'failed'])
      .where('newsletter_id', 'in', (eb) =>
        eb.selectFrom('newsletters').select('id').where('created_at', '<', sql<Date>`now() - ${RETENTION.deliveryLog}`),
      )
      .executeTakeFirst(),
  );

  counts.journal = count(
    await db.deleteFrom('journal').where('created_at', '<', sql<Date>`now() - ${RETENTION.journal}`).executeTakeFirst(),
  );
  return counts;
}

const EVERY_MS = 24 * 60 * 60 * 1000;

interface RetentionJob {
  /** Resolves once a run in progress has ended, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs applyRetention now and every 24 hours, on each instance, and prunes the mail outbox
 * (outbox.ts) when there is one; logs the counts only.
 */
export function startRetention(db: Kysely<Database>, log: Pick<FastifyBaseLogger, 'info' | 'error'>, outboxDir?: string): RetentionJob {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    const pruning = outboxDir ? pruneOutbox(outboxDir) : Promise.resolve(0);
    running = Promise.all([applyRetention(db), pruning]).then(
      ([counts, outboxMails]) => log.info({ retention: { ...counts, outboxMails } }, 'retention applied'),
      (error: unknown) => log.error({ err: error }, 'retention failed'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
