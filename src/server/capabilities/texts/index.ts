import type { Capability } from '../../platform/capability';
import { defaultTexts } from './defaults';
import { seedTexts } from './queries';
import { textsRoutes } from './routes';

/** The site's texts, edited from /admin by admins and editors, every version kept. */
export const textsCapability: Capability = {
  texts: textsRoutes,
  seed: async (db) => void (await seedTexts(db, defaultTexts())),
};
