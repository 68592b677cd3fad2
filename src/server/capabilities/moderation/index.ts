import type { Capability } from '../../platform/capability';
import { moderationDigestJob } from './digest';
import { moderationRoutes } from './routes';

// Admins and moderators (the `moderate` permission, shared/permissions.ts).
export const moderationCapability: Capability = {
  moderation: moderationRoutes,
  jobs: (app) => [moderationDigestJob({ db: app.database.db, mailer: app.mailer, site: app.config.public, log: app.log })],
};

export { pendingCounts } from './pending';
