import type { FeatureRoutes } from '../../platform/http/route-groups';
import { adminSurveyRoutes } from './admin-routes';
import { submitRoutes } from './submit-routes';

/** Spec §2-§8 surveys: members answer, the admin reads the results and marks past trips. */
export const surveysFeature: FeatureRoutes = {
  member: submitRoutes,
  admin: adminSurveyRoutes,
};
