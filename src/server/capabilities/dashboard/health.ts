import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AdminHealth, AlertCondition } from '../../../shared/dashboard';
import type { Database } from '../../platform/db/schema';
import { platformHealth, type PlatformHealth } from '../../platform/health/snapshot';
import { queuedDeliveries } from '../newsletter/index';

/** Everything the health panel shows and the alerts watch, read once. */
export interface SiteHealth {
  platform: PlatformHealth;
  deliveries: AdminHealth['deliveries'];
  undeliverableAddresses: number;
}

async function failedLast30Days(db: Kysely<Database>): Promise<number> {
  // Through the recent newsletters' deliveries (their primary key), not a scan of every delivery.
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('newsletter_id', 'in', (eb) => eb.selectFrom('newsletters').select('id').where('created_at', '>', sql<Date>`now() - interval '30 days'`))
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function undeliverableAddresses(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email_undeliverable_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function siteHealth(app: FastifyInstance): Promise<SiteHealth> {
  const { db } = app.database;
  const [platform, queued, failed, undeliverable] = await Promise.all([
    platformHealth({ db, database: app.database, config: app.config, errorsLastDay: app.errorCount.lastDay() }),
    queuedDeliveries(db),
    failedLast30Days(db),
    undeliverableAddresses(db),
  ]);
  return { platform, deliveries: { ...queued, failedLast30Days: failed }, undeliverableAddresses: undeliverable };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function healthAnswer(
  { platform, deliveries, undeliverableAddresses: undeliverable }: SiteHealth,
  alerts: { condition: AlertCondition; detail: string; raised_at: Date; mailed_at: Date | null }[],
): AdminHealth {
  const { backups, mail } = platform;
  return {
    version: platform.version,
    startedAt: platform.startedAt.toISOString(),
    database: platform.database,
    disks: platform.disks,
    backups: {
      last: backups.last && { file: backups.last.file, at: backups.last.at.toISOString(), bytes: backups.last.bytes },
      everyMs: backups.everyMs,
      next: iso(backups.next),
    },
    mail: { path: mail.path, lastSuccessAt: iso(mail.lastSuccessAt), failingSince: iso(mail.failingSince), lastFailureAt: iso(mail.lastFailureAt), lastError: mail.lastError },
    deliveries,
    undeliverableAddresses: undeliverable,
    jobs: platform.jobs.map((job) => ({
      name: job.name,
      lastStartedAt: iso(job.lastStartedAt),
      lastFinishedAt: iso(job.lastFinishedAt),
      lastSucceededAt: iso(job.lastSucceededAt),
      lastError: job.lastError,
      consecutiveFailures: job.consecutiveFailures,
    })),
    errorsLastDay: platform.errorsLastDay,
    alerts: alerts.map((alert) => ({ condition: alert.condition, detail: alert.detail, raisedAt: alert.raised_at.toISOString(), mailedAt: iso(alert.mailed_at) })),
  };
}
