import type { Capability } from '../../platform/capability';
import { downloadRoutes } from './routes';

export const downloadCapability: Capability = { public: downloadRoutes };
