// What other capabilities' pages use of the wiki: /admin/textes' wiki section and the editor's screenshots.
export { WikiArticlesAdmin } from './WikiArticlesAdmin';
export { WikiImageInsert } from './WikiImageInsert';
