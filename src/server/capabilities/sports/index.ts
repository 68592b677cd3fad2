import type { Capability } from '../../platform/capability';
import { memberSportRoutes, publicSportRoutes } from './routes';
import { votePageParts } from './vote-page';

export const sportsCapability: Capability = {
  public: publicSportRoutes,
  member: memberSportRoutes,
  pageParts: votePageParts,
};
