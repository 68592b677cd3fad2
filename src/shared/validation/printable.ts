// Text typed by one visitor and shown to others (names, words, sports): control characters
// and bidirectional overrides or isolates are not text. They would let one entry break the
// layout or reverse the text around it on a public page.
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const ONE_LINE_UNPRINTABLE = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}]`, 'u');
// A text area may keep its line breaks and tabs; every other control character is refused.
const MULTILINE_UNPRINTABLE = new RegExp(`[\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F${BIDI_CONTROLS}]`, 'u');

/** For one-line fields: names, sport names. */
export function isPrintableLine(value: string): boolean {
  return !ONE_LINE_UNPRINTABLE.test(value);
}

/** For text areas: line breaks (\n, \r) and tabs are allowed. */
export function isPrintableText(value: string): boolean {
  return !MULTILINE_UNPRINTABLE.test(value);
}
