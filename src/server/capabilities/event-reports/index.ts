import type { FeatureRoutes } from '../../platform/http/route-groups';
import { eventReportAdminRoutes } from './admin-routes';
import { eventReportRoutes } from './routes';

export const reportEventFeature: FeatureRoutes = {
  public: eventReportRoutes,
  admin: eventReportAdminRoutes,
};
