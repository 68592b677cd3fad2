import type { Capability } from '../../platform/capability';
import { defaultTexts } from './defaults';
import { textPageParts } from './pages';
import { textsPublicRoutes } from './public-routes';
import { seedTexts } from './queries';
import { textsRoutes } from './routes';

/**
 * The site's texts, edited from /admin by admins and editors, every version kept; visitors get
 * the published version, in the pages the server sends and in the legal PDFs.
 */
export const textsCapability: Capability = {
  public: textsPublicRoutes,
  texts: textsRoutes,
  pageParts: textPageParts,
  seed: async (db) => void (await seedTexts(db, defaultTexts())),
};
