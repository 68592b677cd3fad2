import type { FeatureRoutes } from '../../platform/http/route-groups';
import { memberAdminRoutes } from './routes';

/** The members admin (decision 0020): admins only. */
export const membersFeature: FeatureRoutes = { admin: memberAdminRoutes };
