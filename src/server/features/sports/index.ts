import type { FeatureRoutes } from '../../http/route-groups';
import { adminSportRoutes, memberSportRoutes, publicSportRoutes } from './routes';

export const sportsFeature: FeatureRoutes = {
  public: publicSportRoutes,
  member: memberSportRoutes,
  // Approve, refuse: for admins and moderators.
  moderation: adminSportRoutes,
};
