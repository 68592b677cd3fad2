import { isPrintableText } from './printable';

// A supporters' word ("une marque"), spec §5 and §9.
export const PRINT_MIN_EXCLUSIVE = 6;
export const PRINT_MAX_LENGTH = 150;

let segmenter: Intl.Segmenter | undefined;

/**
 * Counts what the visitor sees as characters (an emoji, or 'é' typed as e + accent, is one),
 * so the 'n/150' counter and the server agree with the eye. Surrounding spaces do not count,
 * so seven spaces are not a word.
 */
export function printLength(text: string): number {
  const trimmed = text.trim();
  // Browsers older than 2024 lack Intl.Segmenter; code points are a close enough count there,
  // and the server, which always has it, keeps the final say.
  if (typeof Intl.Segmenter !== 'function') return Array.from(trimmed).length;
  segmenter ??= new Intl.Segmenter('fr', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(trimmed)).length;
}

/** The length rule, and text only: line breaks are welcome, control characters are not. */
export function isValidPrint(text: string): boolean {
  const length = printLength(text);
  return length > PRINT_MIN_EXCLUSIVE && length <= PRINT_MAX_LENGTH && isPrintableText(text);
}
