import type { Capability } from '../../platform/capability';
import { moderationRoutes } from './routes';

// Admins and moderators (the `moderate` permission, shared/permissions.ts).
export const moderationCapability: Capability = { moderation: moderationRoutes };
