import type { Capability } from '../../platform/capability';
import { adminSurveyRoutes } from './admin-routes';
import { submitRoutes } from './submit-routes';

/** Spec §2-§8 surveys: members answer, the admin reads the results and marks past trips. */
export const surveysCapability: Capability = {
  member: submitRoutes,
  admin: adminSurveyRoutes,
};

// What other capabilities use of surveys.
export { answersPerWeek } from './statistics';
