import type { FastifyInstance } from 'fastify';
import type { AdminSummary } from '../../../shared/dashboard';
import type { Capability } from '../../platform/capability';
import { integer, shape } from '../../platform/http/schema';
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

export const dashboardCapability: Capability = { moderation: dashboardRoutes };
