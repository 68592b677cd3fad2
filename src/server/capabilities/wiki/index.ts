import type { FeatureRoutes } from '../../platform/http/route-groups';
import { wikiAdminRoutes } from './admin-routes';
import { feedbackRoutes } from './feedback-routes';

/** The help wiki's server side: its pages are static, only the feedback votes are stored. */
export const wikiFeature: FeatureRoutes = {
  public: feedbackRoutes,
  admin: wikiAdminRoutes,
};
