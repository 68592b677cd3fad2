import type { FastifyInstance } from 'fastify';
import { ALERT_CONDITIONS, type AdminHealth, type AdminStatistics, type AdminSummary } from '../../../shared/dashboard';
import type { Capability } from '../../platform/capability';
import { dateTime, integer, listOf, nullable, number, oneOf, shape, text } from '../../platform/http/schema';
import { activeAlerts, alertsJob } from './alerts';
import { healthAnswer, siteHealth } from './health';
import { recountedEvery } from './recount';
import { adminStatistics } from './statistics';
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

const statisticsSchema = shape({
  countedAt: dateTime,
  weeks: listOf(
    shape({
      week: text,
      persons: integer,
      organisations: integer,
      members: integer,
      verified: integer,
      newsletter: integer,
      words: integer,
      sports: integer,
      preUseAnswers: integer,
      postUseAnswers: integer,
    }),
  ),
  reactions: listOf(shape({ day: text, reactions: integer })),
  ranking: listOf(shape({ name: text, emoji: text, love: integer, wow: integer, no: integer })),
});

// Weekly figures read a few minutes late are still right for the admin, and counting a million
// members' weeks on every visit of /admin is not: counted again at most every five minutes.
const STATISTICS_FRESH_FOR_MS = 5 * 60_000;

/** The figures of the dashboard's charts (/admin). */
function statisticsRoutes(app: FastifyInstance) {
  const statistics = recountedEvery(
    STATISTICS_FRESH_FOR_MS,
    () => adminStatistics(app.database.db),
    (error) => app.log.error({ err: error }, 'the dashboard figures could not be counted again'),
  );
  app.get('/api/admin/statistics', { schema: { response: { 200: statisticsSchema } } }, (): Promise<AdminStatistics> => statistics());
}

export const dashboardCapability: Capability = {
  moderation: dashboardRoutes,
  admin(app) {
    healthRoutes(app);
    statisticsRoutes(app);
  },
  jobs: (app) => [alertsJob(app)],
};
