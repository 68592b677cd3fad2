import type { Kysely } from 'kysely';
import type { Capability } from '../../platform/capability';
import type { Database } from '../../platform/db/schema';
import { eventReportAdminRoutes } from './admin-routes';
import { eventReportRoutes } from './routes';
import { eventReportsRetention } from './retention';

export const eventReportsCapability: Capability = {
  public: eventReportRoutes,
  admin: eventReportAdminRoutes,
  retention: eventReportsRetention,
};

/** How many events were reported, for the admin's home page. */
export async function countEventReports(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('event_reports').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
