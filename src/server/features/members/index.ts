import type { FeatureRoutes } from '../../http/route-groups';
import { memberAdminRoutes } from './routes';

/** The members admin (issue 20, decision 20): admins only. */
export const membersFeature: FeatureRoutes = { admin: memberAdminRoutes };
