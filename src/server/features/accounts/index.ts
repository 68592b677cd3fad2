import type { FeatureRoutes } from '../../http/route-groups';
import { accountRoutes } from './account-routes';
import { adminOrganisationRoutes } from './admin-routes';
import { authRoutes } from './auth-routes';
import { directoryRoutes } from './directory-routes';
import { registrationRoutes } from './registration-routes';

export const accountsFeature: FeatureRoutes = {
  public(app) {
    registrationRoutes(app);
    authRoutes(app);
    directoryRoutes(app);
  },
  member: accountRoutes,
  admin: adminOrganisationRoutes,
};
