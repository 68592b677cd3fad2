import type { Capability } from '../../platform/capability';
import { eventReportAdminRoutes } from './admin-routes';
import { eventReportRoutes } from './routes';
import { eventReportsRetention } from './retention';

export const eventReportsCapability: Capability = {
  public: eventReportRoutes,
  admin: eventReportAdminRoutes,
  retention: eventReportsRetention,
};

export { countEventReports } from './queries';
