import type { FeatureRoutes } from '../../http/route-groups';
import { accountRoutes } from './account-routes';
import { adminOrganisationRoutes } from './admin-routes';
import { authRoutes } from './auth-routes';
import { directoryRoutes } from './directory-routes';
import { emailVerificationRoutes } from './email-routes';
import { purgeOldLoginFailures } from './login-throttle';
import { createAuthRateLimit } from './rate-limits';
import { registrationRoutes } from './registration-routes';
import { purgeExpiredSessions } from './sessions';

const PURGE_EVERY_MS = 60 * 60 * 1000;

export const accountsFeature: FeatureRoutes = {
  public(app) {
    const authRateLimit = createAuthRateLimit(app);
    registrationRoutes(app, authRateLimit);
    authRoutes(app, authRateLimit);
    directoryRoutes(app);
    emailVerificationRoutes(app, authRateLimit);
    // Expired sessions and stale login failures are already ignored; this only deletes them.
    const timer = setInterval(() => {
      const { db } = app.database;
      Promise.all([purgeExpiredSessions(db), purgeOldLoginFailures(db)]).catch((error: unknown) => app.log.error({ err: error }, 'purge failed'));
    }, PURGE_EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  member: accountRoutes,
  admin: adminOrganisationRoutes,
};
