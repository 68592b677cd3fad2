import type { Capability } from '../../platform/capability';
import { accountRoutes } from './account-routes';
import { adminOrganisationRoutes } from '../organisations/admin-routes';
import { authRoutes } from './auth-routes';
import { directoryRoutes } from './directory-routes';
import { emailVerificationRoutes } from './email-routes';
import { createAuthRateLimit } from './rate-limits';
import { registrationRoutes } from './registration-routes';

export const accountsCapability: Capability = {
  public(app) {
    const authRateLimit = createAuthRateLimit(app);
    registrationRoutes(app, authRateLimit);
    authRoutes(app, authRateLimit);
    directoryRoutes(app);
    emailVerificationRoutes(app, authRateLimit);
  },
  member: accountRoutes,
  admin: adminOrganisationRoutes,
};
