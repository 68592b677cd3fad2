import type { FeatureRoutes } from '../../http/route-groups';
import { downloadRoutes } from './routes';

export const downloadFeature: FeatureRoutes = { public: downloadRoutes };
