import { stemmer as frenchStem } from '@orama/stemmers/french';

/**
 * The help wiki's articles a fresh site starts with, in menu order (spec §2 Wiki). Editors
 * add others, hide them and reorder the menu from /admin/textes: the articles themselves are
 * texts (`wiki-<id>`) in the database.
 */
export const WIKI_ARTICLE_IDS = ['home', 'search_trip', 'create_account', 'submit_trip', 'notifications', 'profile', 'chats'] as const;

/** An article's id, the last part of its address ('search_trip'). */
export type WikiArticleId = string;

/** Lower case letters, digits, '-' and '_', 2 to 48 characters, starting with a letter or a digit. */
const WIKI_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{1,47}$';
export const WIKI_ID_MAX_LENGTH = 48;

export const isWikiArticleId = (value: string | undefined): value is WikiArticleId => value !== undefined && new RegExp(WIKI_ID_PATTERN).test(value);

export const wikiArticlePath = (id: WikiArticleId) => `/calshare/wiki/${id}`;

/** The text that holds an article, and back. */
const WIKI_TEXT_PREFIX = 'wiki-';
export const wikiTextId = (id: WikiArticleId) => `${WIKI_TEXT_PREFIX}${id}`;
export const wikiIdOfText = (textId: string): WikiArticleId | undefined => (textId.startsWith(WIKI_TEXT_PREFIX) ? textId.slice(WIKI_TEXT_PREFIX.length) : undefined);

/** A visible article as the menu, the index and the page's title show it (placeholders filled). */
export interface WikiMenuEntry {
  id: WikiArticleId;
  title: string;
  description: string;
}

/** GET /api/wiki: the visible articles, in menu order. */
export interface WikiMenu {
  articles: WikiMenuEntry[];
}

interface WikiHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}

/** GET /api/wiki/articles/:id: a visible article, its Markdown already rendered by the server. */
export interface WikiArticlePage extends WikiMenuEntry {
  html: string;
  headings: WikiHeading[];
}

/** The articles before and after this one in menu order, for the previous/next links. */
export function wikiNeighbours(menu: readonly WikiMenuEntry[], id: WikiArticleId): { previous?: WikiMenuEntry; next?: WikiMenuEntry } {
  const index = menu.findIndex((entry) => entry.id === id);
  if (index === -1) return {};
  return { previous: menu[index - 1], next: menu[index + 1] };
}

// ---------------------------------------------------------------------------------------
// Editors: creating an article, hiding it, reordering the menu, putting screenshots in.

/** A line of GET /api/admin/wiki/articles: every article, hidden ones too, in menu order. */
export interface WikiAdminArticle extends WikiMenuEntry {
  hidden: boolean;
}

export interface WikiAdminArticles {
  articles: WikiAdminArticle[];
}

/** POST /api/admin/wiki/articles → WikiAdminArticles. */
export interface NewWikiArticle {
  id: string;
  title: string;
  /** Its place in the menu: 0 first; past the end, last. */
  position: number;
}

/** PUT /api/admin/wiki/order → WikiAdminArticles: every article's id, in the new order. */
export interface WikiOrder {
  ids: string[];
}

/** PUT /api/admin/wiki/articles/:id/visibility → WikiAdminArticles. */
export interface WikiVisibility {
  hidden: boolean;
}

/** POST /api/admin/wiki/images?alt=… (the image as the body) → WikiImage. */
export interface WikiImage {
  /** Its address, named by its content: the same image always has it, and it never changes. */
  url: string;
  width: number;
  height: number;
  /** What the editor inserts: `![alt](url)`. */
  markdown: string;
}

export const WIKI_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const WIKI_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const WIKI_IMAGE_MAX_PIXELS = 25_000_000;
/** Wider screenshots are scaled down to this: the article's column is narrower still. */
export const WIKI_IMAGE_MAX_WIDTH = 1600;
export const WIKI_IMAGE_ALT_MAX_LENGTH = 300;
export const WIKI_IMAGES_PER_HOUR = 60;

export { wikiImagePath } from './wiki-images';

export const wikiMessages = {
  idInvalid: "L'adresse de l'article n'est pas valide : 2 à 48 caractères, lettres minuscules sans accent, chiffres, « - » ou « _ », en commençant par une lettre ou un chiffre.",
  idTaken: 'Un article a déjà cette adresse : choisis-en une autre.',
  orderChanged: "La liste des articles a changé pendant que tu la rangeais : recharge la page puis recommence.",
  imageInvalid: "Cette image n'est pas valide : envoie une capture d'écran en PNG, JPEG ou WebP.",
  imageTooHeavy: `Cette image est trop lourde : ${WIKI_IMAGE_MAX_BYTES / 1024 / 1024} Mo au plus. Réduis-la puis réessaie.`,
  imageTooLarge: `Cette image a trop de pixels : ${WIKI_IMAGE_MAX_PIXELS / 1_000_000} mégapixels au plus. Réduis-la puis réessaie.`,
  altMissing: "Décris l'image en quelques mots (texte alternatif) : c'est ce qu'entend une personne qui ne la voit pas.",
  altTooLong: `Le texte alternatif est trop long : ${WIKI_IMAGE_ALT_MAX_LENGTH} caractères au plus.`,
} as const;

/** The first problem of a new article's id, or null; whether it is already taken is the server's to say. */
export function wikiIdProblem(id: string): string | null {
  return isWikiArticleId(id) ? null : wikiMessages.idInvalid;
}

/** The first problem of an image's alternative text, or null. */
export function wikiAltProblem(alt: string): string | null {
  if (alt.trim() === '') return wikiMessages.altMissing;
  if (alt.length > WIKI_IMAGE_ALT_MAX_LENGTH) return wikiMessages.altTooLong;
  return null;
}

/** `![alt](url)`, the alt's brackets and backslashes escaped so that it stays one image. */
export const wikiImageMarkdown = (alt: string, url: string) => `![${alt.trim().replace(/[\\[\]]/g, '\\$&').replace(/\s+/g, ' ')}](${url})`;

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

/** GET /api/admin/wiki-feedback: every article (hidden ones too), in menu order, with its two counts. */
export interface WikiFeedbackCounts {
  articles: { articleId: WikiArticleId; title: string; hidden: boolean; helpful: number; notHelpful: number }[];
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
