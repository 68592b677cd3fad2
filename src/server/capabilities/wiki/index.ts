import type { Capability } from '../../platform/capability';
import { wikiAdminRoutes } from './admin-routes';
import { feedbackRoutes } from './feedback-routes';

/** The help wiki's server side: its pages are static, only the feedback votes are stored. */
export const wikiCapability: Capability = {
  public: feedbackRoutes,
  admin: wikiAdminRoutes,
};
