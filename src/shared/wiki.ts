/** The help wiki's articles, in menu order (spec §2 Wiki). */
export const WIKI_ARTICLE_IDS = ['home', 'search_trip', 'create_account', 'submit_trip', 'notifications', 'profile', 'chats'] as const;
export type WikiArticleId = (typeof WIKI_ARTICLE_IDS)[number];

export function isWikiArticleId(value: string | undefined): value is WikiArticleId {
  return (WIKI_ARTICLE_IDS as readonly string[]).includes(value ?? '');
}
