import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMOJI_MAX_ENTRIES, emojiEditRefusal, emojiEntries, isEmoji, isValidEmojiField } from './emoji';

/** The value the field holds after an edit: the new one when allowed, else the previous one. */
const nextEmojiFieldValue = (previous: string, next: string) => (emojiEditRefusal(previous, next) ? previous : next);

describe('emoji field', () => {
  it.each(['⚽', '🏀', '🏃‍♀️', '🚴🏽', '🇫🇷', '👨‍👩‍👧', '❤️', '1️⃣'])('accepts %s as one emoji', (emoji) => {
    expect(emojiEntries(emoji)).toHaveLength(1);
    expect(isEmoji(emoji)).toBe(true);
  });

  it.each(['a', '1', ' ', 'é', '<', '⚽a'])('refuses %s', (value) => {
    expect(isValidEmojiField(value)).toBe(false);
  });

  it('accepts empty and up to three emoji', () => {
    expect(isValidEmojiField('')).toBe(true);
    expect(isValidEmojiField('⚽🏀🎾')).toBe(true);
    expect(isValidEmojiField('⚽🏀🎾🏐')).toBe(false);
  });

  it('grows one entry at a time', () => {
    expect(nextEmojiFieldValue('', '⚽')).toBe('⚽');
    expect(nextEmojiFieldValue('⚽', '⚽🏀')).toBe('⚽🏀');
    expect(nextEmojiFieldValue('', '⚽🏀')).toBe('');
    expect(nextEmojiFieldValue('⚽', '⚽x')).toBe('⚽');
    expect(nextEmojiFieldValue('⚽🏀🎾', '⚽🏀🎾🏐')).toBe('⚽🏀🎾');
  });

  it('says why an edit is refused', () => {
    expect(emojiEditRefusal('⚽', '⚽a')).toBe('not-emoji');
    expect(emojiEditRefusal('⚽🏀', 'a')).toBe('not-emoji');
    expect(emojiEditRefusal('⚽🏀🎾', '⚽🏀🎾🏐')).toBe('too-many');
    expect(emojiEditRefusal('', '⚽🏀')).toBe('one-at-a-time');
    expect(emojiEditRefusal('⚽', '🏀')).toBe('one-at-a-time');
    expect(emojiEditRefusal('⚽', '⚽🏀')).toBeUndefined();
  });

  it('always lets the field shrink', () => {
    expect(nextEmojiFieldValue('⚽🏀', '⚽')).toBe('⚽');
    expect(nextEmojiFieldValue('⚽🏀', '')).toBe('');
  });

  it('never holds anything but valid emoji after any sequence of edits', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('⚽', '🏀', '🇫🇷', 'a', '⚽🏀', ''), fc.string()), { maxLength: 20 }), (edits) => {
        let value = '';
        for (const edit of edits) value = nextEmojiFieldValue(value, edit);
        expect(isValidEmojiField(value)).toBe(true);
        expect(emojiEntries(value).length).toBeLessThanOrEqual(EMOJI_MAX_ENTRIES);
      }),
    );
  });
});
