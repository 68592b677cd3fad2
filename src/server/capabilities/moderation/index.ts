import type { FeatureRoutes } from '../../platform/http/route-groups';
import { moderationRoutes } from './routes';

// Admins and moderators (the `moderate` permission, shared/permissions.ts).
export const moderationFeature: FeatureRoutes = { moderation: moderationRoutes };
