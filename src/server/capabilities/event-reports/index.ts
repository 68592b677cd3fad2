import type { Capability } from '../../platform/capability';
import { eventReportAdminRoutes } from './admin-routes';
import { eventReportRoutes } from './routes';

export const eventReportsCapability: Capability = {
  public: eventReportRoutes,
  admin: eventReportAdminRoutes,
};
