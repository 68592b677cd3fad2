import type { FastifyInstance } from 'fastify';
import { ALERT_CONDITIONS, type AdminHealth, type AdminSummary } from '../../../shared/dashboard';
import type { Capability } from '../../platform/capability';
import { dateTime, integer, listOf, nullable, number, oneOf, shape, text } from '../../platform/http/schema';
import { activeAlerts, alertsJob } from './alerts';
import { healthAnswer, siteHealth } from './health';
import { countEventReports } from '../event-reports/index';
import { pendingCounts } from '../moderation/index';

/** The admin's home page (/admin): what waits, from the capabilities that hold it. Moderators see it too. */
function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const summary = shape({ pendingWords: integer, pendingSports: integer, eventReports: integer });
  app.get('/api/admin/summary', { schema: { response: { 200: summary } } }, async (): Promise<AdminSummary> => {
    const [pending, eventReports] = await Promise.all([pendingCounts(db), countEventReports(db)]);
    return { ...pending, eventReports };
  });
}

const healthSchema = shape({
  version: text,
  startedAt: dateTime,
  database: shape({ mode: oneOf(['pglite', 'postgres']), sizeBytes: number }),
  disks: listOf(shape({ setting: oneOf(['DATA_DIR', 'BACKUP_DIR']), path: text, freeBytes: number, totalBytes: number })),
  backups: shape({ last: nullable(shape({ file: text, at: dateTime, bytes: number })), everyMs: nullable(number), next: nullable(dateTime) }),
  mail: shape({
    path: oneOf(['smtp', 'outbox']),
    lastSuccessAt: nullable(dateTime),
    failingSince: nullable(dateTime),
    lastFailureAt: nullable(dateTime),
    lastError: nullable(text),
  }),
  deliveries: shape({ pending: integer, sending: integer, failedLast30Days: integer }),
  undeliverableAddresses: integer,
  jobs: listOf(
    shape({
      name: text,
      lastStartedAt: nullable(dateTime),
      lastFinishedAt: nullable(dateTime),
      lastSucceededAt: nullable(dateTime),
      lastError: nullable(text),
      consecutiveFailures: integer,
    }),
  ),
  errorsLastDay: integer,
  alerts: listOf(shape({ condition: oneOf(ALERT_CONDITIONS), detail: text, raisedAt: dateTime, mailedAt: nullable(dateTime) })),
});

/** The site's state for admins: what runs, what fails, what the alerts say (the panel on /admin). */
function healthRoutes(app: FastifyInstance) {
  app.get('/api/admin/health', { schema: { response: { 200: healthSchema } } }, async (): Promise<AdminHealth> => {
    const [health, alerts] = await Promise.all([siteHealth(app), activeAlerts(app.database.db)]);
    return healthAnswer(health, alerts);
  });
}

export const dashboardCapability: Capability = {
  moderation: dashboardRoutes,
  admin: healthRoutes,
  jobs: (app) => [alertsJob(app)],
};
