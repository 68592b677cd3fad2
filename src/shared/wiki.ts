import { stemmer as frenchStem } from '@orama/stemmers/french';

/** The help wiki's articles, in menu order (spec §2 Wiki). */
export const WIKI_ARTICLE_IDS = ['home', 'search_trip', 'create_account', 'submit_trip', 'notifications', 'profile', 'chats'] as const;
export type WikiArticleId = (typeof WIKI_ARTICLE_IDS)[number];

export function isWikiArticleId(value: string | undefined): value is WikiArticleId {
  return (WIKI_ARTICLE_IDS as readonly string[]).includes(value ?? '');
}

export const wikiArticlePath = (id: WikiArticleId) => `/calshare/wiki/${id}`;

/** The articles before and after this one in menu order, for the previous/next links. */
export function wikiNeighbours(id: WikiArticleId): { previous?: WikiArticleId; next?: WikiArticleId } {
  const index = WIKI_ARTICLE_IDS.indexOf(id);
  return { previous: WIKI_ARTICLE_IDS[index - 1], next: WIKI_ARTICLE_IDS[index + 1] };
}

// ---------------------------------------------------------------------------------------
// "Cet article t'a-t-il aidé ?" — one answer per visitor and article.

/** POST /api/wiki/:articleId/feedback → WikiFeedbackResponse */
export interface WikiFeedbackPayload {
  /** A random id the browser keeps (anonymous visitors have no account). */
  visitorId: string;
  helpful: boolean;
}

/** `recorded` is false when this visitor had already answered for this article. */
export interface WikiFeedbackResponse {
  recorded: boolean;
}

/** GET /api/admin/wiki-feedback: every article, in menu order, with its two counts. */
export interface WikiFeedbackCounts {
  articles: { articleId: WikiArticleId; helpful: number; notHelpful: number }[];
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isVisitorId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------
// Search: plain text of each article section, matched ignoring accents, case and word forms.

/** One searchable part of an article: its introduction or one of its headed sections. */
export interface WikiSearchSection {
  articleId: WikiArticleId;
  articleTitle: string;
  /** Heading anchor ('' for the article's introduction). */
  anchor: string;
  heading: string;
  text: string;
}

export interface WikiSearchHit {
  articleId: WikiArticleId;
  articleTitle: string;
  anchor: string;
  heading: string;
  snippet: string;
  /** [start, end) ranges of `snippet` that matched a search term, for <mark>. */
  highlights: [number, number][];
}

/** 'Électrique' and 'electrique' are the same word to a visitor typing on a phone. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’‘]/g, "'").replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}

/** Folds character by character, remembering where each folded character came from. */
function foldWithPositions(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldForSearch(char);
    for (let i = 0; i < piece.length; i++) origin.push(index);
    folded += piece;
    index += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

export function searchTerms(query: string): string[] {
  return [...new Set(foldForSearch(query).split(/[^\p{L}\p{N}]+/u).filter((term) => term.length > 0))];
}

/**
 * Where a term matches in folded text: each word that begins with the term's French stem
 * (Snowball), so 'rembourser' finds 'remboursés' and 'remboursement', 'trajets' finds
 * 'trajet', and a word being typed ('secu') finds its ends. The stem is taken of the folded
 * term, as visitors type without accents. A term is letters and digits only (`searchTerms`), so
 * it goes into the pattern as it is. Answers [start, end) ranges of whole words.
 */
function wordsMatching(folded: string, term: string): [number, number][] {
  const stem = frenchStem(term) || term;
  const ranges: [number, number][] = [];
  for (const match of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${stem}[\\p{L}\\p{N}]*`, 'gu'))) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

const SNIPPET_LENGTH = 160;

/**
 * Sections containing every term of the query, best first: a term in the article title or
 * the section heading weighs more than one in the text.
 */
export function searchWiki(sections: readonly WikiSearchSection[], query: string, limit = 8): WikiSearchHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const scored: { hit: WikiSearchHit; score: number; order: number }[] = [];
  sections.forEach((section, order) => {
    const titles = foldForSearch(`${section.articleTitle} ${section.heading}`);
    const body = foldWithPositions(section.text);
    let score = 0;
    const matches = new Map<string, [number, number][]>();
    for (const term of terms) {
      const inTitles = wordsMatching(titles, term).length > 0;
      const inText = wordsMatching(body.folded, term);
      if (!inTitles && inText.length === 0) return;
      matches.set(term, inText);
      score += (inTitles ? 5 : 0) + Math.min(inText.length, 5);
    }
    scored.push({ hit: { ...section, ...snippetAround(section.text, body, matches) }, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ hit }) => hit);
}

function snippetAround(text: string, body: { folded: string; origin: number[] }, matches: Map<string, [number, number][]>) {
  const firstMatch = Math.min(...[...matches.values()].flat().map(([start]) => start));
  const center = Number.isFinite(firstMatch) ? body.origin[firstMatch] : 0;
  let start = Math.max(0, center - 50);
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  start = Math.max(0, end - SNIPPET_LENGTH);
  // Cut at word boundaries so the snippet does not open or close on half a word.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const prefix = start > 0 ? '… ' : '';
  const suffix = end < text.length ? ' …' : '';
  const snippet = `${prefix}${text.slice(start, end)}${suffix}`;

  const highlights: [number, number][] = [];
  // 'de' or 'a' would light up half the words: short terms count for matching, not for marking.
  const marked = matches.size > 1 ? [...matches].filter(([term]) => term.length > 2) : [...matches];
  for (const [, ranges] of marked) {
    for (const [from, to] of ranges) {
      const begin = body.origin[from];
      const finish = body.origin[to];
      if (begin >= start && finish <= end) highlights.push([begin - start + prefix.length, finish - start + prefix.length]);
    }
  }
  return { snippet, highlights: mergeRanges(highlights) };
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
