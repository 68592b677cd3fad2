import type { Capability } from '../../platform/capability';
import { memberSportRoutes, publicSportRoutes } from './routes';
import { votePageParts } from './vote-page';

export const sportsCapability: Capability = {
  public: publicSportRoutes,
  member: memberSportRoutes,
  pageParts: votePageParts,
};

// What other capabilities use of sports.
export { loadPublicSports } from './queries';
export { reactionsPerDay, suggestionsPerWeek } from './statistics';
