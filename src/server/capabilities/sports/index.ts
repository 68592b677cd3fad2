import type { Capability } from '../../platform/capability';
import { memberSportRoutes, publicSportRoutes } from './routes';

export const sportsCapability: Capability = {
  public: publicSportRoutes,
  member: memberSportRoutes,
};
