import type { FeatureRoutes } from '../../platform/http/route-groups';
import { memberWordRoutes, publicWordRoutes } from './routes';

export const wordsFeature: FeatureRoutes = {
  public: publicWordRoutes,
  member: memberWordRoutes,
};
