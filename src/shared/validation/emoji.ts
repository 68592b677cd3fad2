/** A sport suggestion carries a few emoji (spec §3 `emoji`); more would be noise on the list. */
export const EMOJI_MAX_ENTRIES = 3;

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('fr', { granularity: 'grapheme' }) : undefined;

/** What a person sees as separate emoji ('👨‍👩‍👧' and '🇫🇷' are one entry each). */
export function emojiEntries(value: string): string[] {
  return segmenter ? Array.from(segmenter.segment(value), (part) => part.segment) : Array.from(value);
}

// A pictograph (with its variation selectors, skin tones and ZWJ sequences), a flag made of
// two regional indicators, or a keycap such as 1️⃣.
const EMOJI = /^(?:\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic}\uFE0F?)*|\p{Regional_Indicator}{2}|[0-9#*]\uFE0F?\u20E3)$/u;

export function isEmoji(entry: string): boolean {
  return EMOJI.test(entry);
}

/** Empty, or one to EMOJI_MAX_ENTRIES emoji and nothing else. */
export function isValidEmojiField(value: string): boolean {
  const entries = emojiEntries(value);
  return entries.length <= EMOJI_MAX_ENTRIES && entries.every(isEmoji);
}

/**
 * Spec §5: the emoji field can only grow one entry at a time, or shrink. Returns the value
 * the field should hold after an edit: the new one when allowed, else the previous one.
 */
export function nextEmojiFieldValue(previous: string, next: string): string {
  const before = emojiEntries(previous).length;
  const after = emojiEntries(next);
  if (after.length < before && after.every(isEmoji)) return next;
  if (after.length === before + 1 && after.length <= EMOJI_MAX_ENTRIES && after.every(isEmoji)) return next;
  return previous;
}
