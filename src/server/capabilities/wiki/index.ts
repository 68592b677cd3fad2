import type { Capability } from '../../platform/capability';
import { wikiAdminRoutes } from './admin-routes';
import { wikiEditorRoutes } from './editor-routes';
import { feedbackRoutes } from './feedback-routes';
import { forgetUnusedScreenshots } from './images';
import { wikiPageFamilies, wikiPageParts } from './pages';
import { wikiPublicRoutes } from './public-routes';

/**
 * The help wiki: its articles are texts of the database (the texts capability keeps their
 * versions), written by the server into the pages; editors create, hide and reorder them and
 * put screenshots in (those no text holds removed a day after their upload); visitors' answers to 'Cet article t'a-t-il aidé ?' are counted.
 */
export const wikiCapability: Capability = {
  public(app) {
    wikiPublicRoutes(app);
    feedbackRoutes(app);
  },
  texts: wikiEditorRoutes,
  admin: wikiAdminRoutes,
  pageParts: wikiPageParts,
  pageFamilies: wikiPageFamilies,
  retention: { unusedWikiScreenshots: forgetUnusedScreenshots },
};

// What other capabilities use of the wiki: the audience counts only the articles visitors can read.
export { currentWiki } from './snapshot';
