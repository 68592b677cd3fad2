import type { FeatureRoutes } from '../../platform/http/route-groups';
import { downloadRoutes } from './routes';

export const downloadFeature: FeatureRoutes = { public: downloadRoutes };
