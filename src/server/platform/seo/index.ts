import type { FeatureRoutes } from '../http/route-groups';
import { seoRoutes } from './routes';

export const seoFeature: FeatureRoutes = { public: seoRoutes };
