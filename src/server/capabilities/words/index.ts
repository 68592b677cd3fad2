import type { Capability } from '../../platform/capability';
import { memberWordRoutes, publicWordRoutes } from './routes';

export const wordsCapability: Capability = {
  public: publicWordRoutes,
  member: memberWordRoutes,
};

// What other capabilities use of words.
export { wordsPerWeek } from './statistics';
