import type { FeatureRoutes } from '../../http/route-groups';
import { adminWordRoutes, memberWordRoutes, publicWordRoutes } from './routes';

export const wordsFeature: FeatureRoutes = {
  public: publicWordRoutes,
  member: memberWordRoutes,
  // Approve, refuse, VIP: for admins and moderators.
  moderation: adminWordRoutes,
};
