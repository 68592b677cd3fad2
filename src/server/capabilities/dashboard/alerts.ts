import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ALERT_CONDITIONS, alertTitles, type AlertCondition } from '../../../shared/dashboard';
import type { Database } from '../../platform/db/schema';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';
import { every, type Job } from '../../platform/jobs/scheduler';
import { siteHealth, type SiteHealth } from './health';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Past these, a condition raises its alert (the operator's guide, docs/deploy.md). */
const ALERT_THRESHOLDS = {
  backupMaxAgeMs: 26 * HOUR_MS,
  diskMinFreeShare: 0.1,
  mailFailingForMs: 15 * MINUTE_MS,
  newsletterStalledForMs: 15 * MINUTE_MS,
};

/** How often each instance looks; a raised alert is mailed at most once a day. */
const ALERTS_EVERY_MS = 5 * MINUTE_MS;
const MAIL_AGAIN_AFTER = sql`interval '1 day'`;

const NEWSLETTER_QUEUE_WATCH = 'newsletter-queue';

const frenchDate = (date: Date) => date.toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });
const gigabytes = (bytes: number) => `${(bytes / 1e9).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Go`;

/**
 * Since when the newsletter's queue has not shrunk: the count of deliveries waiting is
 * written with the time it last changed, so that any instance's run compares it with the
 * previous one's.
 */
async function queueUnchangedSince(db: Kysely<Database>, waiting: number): Promise<Date> {
  const row = await db
    .insertInto('health_watches')
    .values({ name: NEWSLETTER_QUEUE_WATCH, value: String(waiting) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        value: String(waiting),
        changed_at: sql<Date>`case when health_watches.value = ${String(waiting)}::bigint then health_watches.changed_at else now() end`,
      }),
    )
    .returning('changed_at')
    .executeTakeFirstOrThrow();
  return row.changed_at;
}

/** The conditions that hold now, each with what the admins are told. */
export async function heldConditions(db: Kysely<Database>, health: SiteHealth, now = new Date()): Promise<Map<AlertCondition, string>> {
  const held = new Map<AlertCondition, string>();
  const { platform, deliveries } = health;

  // Only the embedded database backs itself up; PostgreSQL's backups are its host's.
  if (platform.backups.everyMs !== null) {
    const last = platform.backups.last?.at;
    const since = last ?? platform.startedAt;
    if (now.getTime() - since.getTime() > ALERT_THRESHOLDS.backupMaxAgeMs) {
      held.set('backup-missing', last ? `La dernière sauvegarde date du ${frenchDate(last)}.` : `Aucune sauvegarde n'a été faite depuis le démarrage du ${frenchDate(platform.startedAt)}.`);
    }
  }

  const low = platform.disks.filter((disk) => disk.totalBytes > 0 && disk.freeBytes / disk.totalBytes < ALERT_THRESHOLDS.diskMinFreeShare);
  if (low.length > 0) {
    held.set('disk-low', low.map((disk) => `${disk.setting} (${disk.path}) : ${gigabytes(disk.freeBytes)} libres sur ${gigabytes(disk.totalBytes)}.`).join(' '));
  }

  const { failingSince, lastError } = platform.mail;
  if (failingSince && now.getTime() - failingSince.getTime() > ALERT_THRESHOLDS.mailFailingForMs) {
    held.set('mail-failing', `Les envois échouent depuis le ${frenchDate(failingSince)}${lastError ? ` : ${lastError}` : '.'}`);
  }

  const waiting = deliveries.pending + deliveries.sending;
  const unchangedSince = await queueUnchangedSince(db, waiting);
  if (waiting > 0 && now.getTime() - unchangedSince.getTime() > ALERT_THRESHOLDS.newsletterStalledForMs) {
    held.set('newsletter-stalled', `${waiting.toLocaleString('fr-FR')} envois attendent, sans progrès depuis le ${frenchDate(unchangedSince)}.`);
  }

  const failing = platform.jobs.filter((job) => job.consecutiveFailures > 0);
  if (failing.length > 0) {
    held.set('job-failing', failing.map((job) => `${job.name} : ${job.consecutiveFailures} échec(s) de suite${job.lastError ? ` (${job.lastError})` : ''}.`).join(' '));
  }
  return held;
}

/** Raises the alerts whose condition holds and clears the others; any instance may run it at once. */
async function recordAlerts(db: Kysely<Database>, held: Map<AlertCondition, string>) {
  for (const [condition, detail] of held) {
    await db
      .insertInto('alerts')
      .values({ condition, detail })
      .onConflict((oc) =>
        oc.column('condition').doUpdateSet({
          detail,
          // An alert raised again after it cleared starts anew; its last mail still counts.
          raised_at: sql<Date>`case when alerts.cleared_at is null then alerts.raised_at else now() end`,
          cleared_at: null,
        }),
      )
      .execute();
  }
  const cleared = ALERT_CONDITIONS.filter((condition) => !held.has(condition));
  if (cleared.length > 0) {
    await db.updateTable('alerts').set({ cleared_at: sql<Date>`now()` }).where('condition', 'in', cleared).where('cleared_at', 'is', null).execute();
  }
}

export async function activeAlerts(db: Kysely<Database>) {
  const rows = await db.selectFrom('alerts').selectAll().where('cleared_at', 'is', null).orderBy('raised_at').execute();
  return rows.map((row) => ({ ...row, condition: row.condition as AlertCondition }));
}

function alertMail(app: FastifyInstance, condition: AlertCondition, detail: string) {
  const site = app.config.public;
  const title = `[${site.projectName}] ${alertTitles[condition]}`;
  const adminUrl = `${site.publicUrl}/admin`;
  return renderMail(
    {
      title,
      preheader: detail,
      bodyHtml: `<p style="margin:0 0 16px;">${escapeHtml(detail)}</p>\n<p style="margin:0 0 16px;">L'état du site est sur <a href="${escapeHtml(adminUrl)}" style="color:#0b3d91;">la page d'administration</a>. Ce message revient chaque jour tant que le problème dure.</p>`,
      bodyText: `${detail}\n\nL'état du site : ${adminUrl}\nCe message revient chaque jour tant que le problème dure.`,
    },
    site,
  );
}

/**
 * Mails each alert that holds to the admins, at most once a day: the alert is claimed by
 * setting its mailed_at, and given back if no admin could be mailed, so a mail path that is
 * down sends the alert once it works again (the next runs try).
 */
async function mailAlerts(app: FastifyInstance) {
  const { db } = app.database;
  const admins = await db
    .selectFrom('users')
    .select('email')
    // cardinality(roles) > 0: the users_staff partial index (decision 0020).
    .where(sql<boolean>`cardinality(roles) > 0`)
    .where(sql<boolean>`'admin' = any(roles)`)
    .where('suspended_at', 'is', null)
    .where('email_undeliverable_at', 'is', null)
    .execute();
  if (admins.length === 0) return;
  const due = await sql<{ condition: AlertCondition; detail: string; previous: Date | null }>`
    with due as (
      select condition, mailed_at as previous from alerts
      where cleared_at is null and (mailed_at is null or mailed_at < now() - ${MAIL_AGAIN_AFTER})
      for update skip locked
    )
    update alerts set mailed_at = now() from due where alerts.condition = due.condition
    returning alerts.condition, alerts.detail, due.previous`.execute(db);
  for (const { condition, detail, previous } of due.rows) {
    const mail = alertMail(app, condition, detail);
    const sent = await Promise.allSettled(admins.map(({ email }) => app.mailer.send({ to: email, ...mail })));
    if (sent.some((outcome) => outcome.status === 'fulfilled')) continue;
    app.log.error({ condition, err: (sent[0] as PromiseRejectedResult).reason }, 'alert not mailed: tried again at the next run');
    await db.updateTable('alerts').set({ mailed_at: previous }).where('condition', '=', condition).execute();
  }
}

export function alertsJob(app: FastifyInstance): Job {
  return {
    name: 'alerts',
    next: every(ALERTS_EVERY_MS, { firstAfterMs: MINUTE_MS }),
    async run() {
      const { db } = app.database;
      const health = await siteHealth(app);
      await recordAlerts(db, await heldConditions(db, health));
      await mailAlerts(app);
    },
  };
}
