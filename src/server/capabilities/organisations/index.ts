import type { Capability } from '../../platform/capability';
import { adminOrganisationRoutes } from './admin-routes';
import { organisationMemberRoutes, organisationPublicRoutes } from './routes';
import { organisationsRetention } from './retention';

/**
 * Organisations' accounts: registration on the allowlist or by a claim on the address
 * (decision 0026), their name, the public guide's list, the admin's allowlist.
 */
export const organisationsCapability: Capability = {
  public: organisationPublicRoutes,
  member: organisationMemberRoutes,
  admin: adminOrganisationRoutes,
  retention: organisationsRetention,
};

export { claimByLink } from './claims';
