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

/** Why an edit of the emoji field was refused, so the field can say it rather than drop it silently. */
export type EmojiRefusal = 'not-emoji' | 'too-many' | 'one-at-a-time';

/**
 * Spec §5: the emoji field can only grow one entry at a time, or shrink. Answers why an edit
 * from `previous` to `next` breaks that rule (or the field's own: emoji only, three at most),
 * or undefined when the edit is allowed.
 */
export function emojiEditRefusal(previous: string, next: string): EmojiRefusal | undefined {
  const before = emojiEntries(previous).length;
  const after = emojiEntries(next);
  if (!after.every(isEmoji)) return 'not-emoji';
  if (after.length < before || (after.length === before + 1 && after.length <= EMOJI_MAX_ENTRIES)) return undefined;
  return after.length > EMOJI_MAX_ENTRIES ? 'too-many' : 'one-at-a-time';
}
