import type { FeatureRoutes } from '../../platform/http/route-groups';
import { memberSportRoutes, publicSportRoutes } from './routes';

export const sportsFeature: FeatureRoutes = {
  public: publicSportRoutes,
  member: memberSportRoutes,
};
