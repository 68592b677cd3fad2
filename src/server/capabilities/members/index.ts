import type { Capability } from '../../platform/capability';
import { memberAdminRoutes } from './routes';

/** The members admin (decision 0020): admins only. */
export const membersCapability: Capability = { admin: memberAdminRoutes };

export { setMemberSuspension } from './actions';
