import type { FeatureRoutes } from '../../http/route-groups';
import { moderationRoutes } from './routes';

export const moderationFeature: FeatureRoutes = { admin: moderationRoutes };
