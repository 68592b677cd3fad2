import type { WikiArticleId } from '../../../shared/wiki';

/**
 * What this browser remembers about the help votes: a random visitor id (the server keeps
 * one answer per id and article) and the answers already given, so a returning visitor is
 * thanked instead of asked again. Private browsing or a full storage only loses the memory.
 */
const VISITOR_KEY = 'unissons.visitor-id';
const answerKey = (articleId: WikiArticleId) => `unissons.wiki-feedback.${articleId}`;

export type WikiAnswer = 'yes' | 'no';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older Safari: the same version-4 layout from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function visitorId(): string {
  const store = storage();
  const known = store?.getItem(VISITOR_KEY);
  if (known) return known;
  const id = randomId();
  try {
    store?.setItem(VISITOR_KEY, id);
  } catch {
    // Storage full or refused: this visit still gets its id.
  }
  return id;
}

export function rememberedAnswer(articleId: WikiArticleId): WikiAnswer | undefined {
  const value = storage()?.getItem(answerKey(articleId));
  return value === 'yes' || value === 'no' ? value : undefined;
}

export function rememberAnswer(articleId: WikiArticleId, answer: WikiAnswer) {
  try {
    storage()?.setItem(answerKey(articleId), answer);
  } catch {
    // Nothing to do: the server already holds the answer.
  }
}
