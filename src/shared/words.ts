/** A supporters' word as the wall shows it (spec §3 "Displayed item"). */
export interface WordItem {
  id: string;
  content: string;
  /** Author display name, or 'Inconnu' when the author is gone. */
  author: string;
  /** Author's picture URL, '' for the default avatar. */
  authorPic: string;
  vip: boolean;
}

/** GET /api/words */
export interface WordsResponse {
  words: WordItem[];
}

/** POST /api/words */
export interface NewWordPayload {
  content: string;
}

/** GET /api/words/mine: the member's own word, if any. */
export interface MyWordResponse {
  word: { content: string; public: boolean } | null;
}

/** The wall shows at most this many words (the newest, VIP first); see docs/decisions. */
export const WALL_MAX_WORDS = 300;
