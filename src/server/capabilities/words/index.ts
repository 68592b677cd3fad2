import type { Capability } from '../../platform/capability';
import { memberWordRoutes, publicWordRoutes } from './routes';

export const wordsCapability: Capability = {
  public: publicWordRoutes,
  member: memberWordRoutes,
};
