import type { FeatureRoutes } from '../../http/route-groups';
import { memberSportRoutes, publicSportRoutes } from './routes';

export const sportsFeature: FeatureRoutes = {
  public: publicSportRoutes,
  member: memberSportRoutes,
};
