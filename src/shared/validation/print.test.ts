import { afterEach, describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { PRINT_MAX_LENGTH, PRINT_MIN_EXCLUSIVE, isValidPrint, printLength } from './print';
import { isPrintableText } from './printable';

describe('printLength', () => {
  it('counts characters of the trimmed text', () => {
    expect(printLength('')).toBe(0);
    expect(printLength('Allez !')).toBe(7);
    expect(printLength('  Allez !  \n')).toBe(7);
    expect(printLength(' \t\n\u00a0 ')).toBe(0);
  });

  it('keeps inner spaces and line breaks', () => {
    expect(printLength('a  b\nc')).toBe(6);
  });

  it('counts what the eye sees as one character as one', () => {
    expect(printLength('😀')).toBe(1);
    expect(printLength('👨‍👩‍👧‍👦')).toBe(1); // family: 7 code points joined
    expect(printLength('🇫🇷')).toBe(1); // flag: 2 regional indicators
    expect(printLength('👍🏽')).toBe(1); // skin tone modifier
    expect(printLength('e\u0301')).toBe(1); // 'é' typed as e + combining accent
    expect(printLength('é')).toBe(1);
  });

  it('never counts more than the graphemes the text is built from', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), { maxLength: 50 }),
        (graphemes) => {
          // Boundaries between two generated graphemes may merge (e.g. two regional
          // indicators make a flag), so the count can only be lower, never higher.
          const text = `x${graphemes.join('')}x`;
          expect(printLength(text)).toBeLessThanOrEqual(graphemes.length + 2);
          expect(printLength(text)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('ignores surrounding whitespace', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('', ' ', '\n', '\t  ', '\u00a0'), (text, pad) => {
        expect(printLength(`${pad}${text}${pad}`)).toBe(printLength(text));
      }),
    );
  });

  describe('without Intl.Segmenter (older browsers)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('falls back to code points', () => {
      vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
      expect(printLength('  Allez 😀 ')).toBe(7);
      expect(printLength('e\u0301')).toBe(2);
    });
  });
});

describe('isValidPrint', () => {
  it(`needs more than ${PRINT_MIN_EXCLUSIVE} characters`, () => {
    expect(isValidPrint('abcdef')).toBe(false);
    expect(isValidPrint('abcdefg')).toBe(true);
  });

  it(`allows at most ${PRINT_MAX_LENGTH} characters`, () => {
    expect(isValidPrint('a'.repeat(150))).toBe(true);
    expect(isValidPrint('a'.repeat(151))).toBe(false);
  });

  it('counts an emoji as one character at both ends', () => {
    expect(isValidPrint('😀'.repeat(6))).toBe(false);
    expect(isValidPrint('😀'.repeat(7))).toBe(true);
    expect(isValidPrint('😀'.repeat(150))).toBe(true); // 300 UTF-16 units
    expect(isValidPrint('😀'.repeat(151))).toBe(false);
    expect(isValidPrint('👨‍👩‍👧'.repeat(150))).toBe(true);
  });

  it('does not count surrounding whitespace', () => {
    expect(isValidPrint(' '.repeat(20))).toBe(false);
    expect(isValidPrint('\n\n\n\n\n\n\n\n')).toBe(false);
    expect(isValidPrint('   abcdef   ')).toBe(false);
    expect(isValidPrint('   abcdefg   ')).toBe(true);
    expect(isValidPrint(`  ${'a'.repeat(150)}\n`)).toBe(true);
    expect(isValidPrint(`  ${'a'.repeat(151)}\n`)).toBe(false);
  });

  it('counts inner spaces', () => {
    expect(isValidPrint('a     b')).toBe(true);
    expect(isValidPrint(`a${' '.repeat(149)}b`)).toBe(false);
  });

  it('keeps line breaks and tabs, as a text area sends them', () => {
    expect(isValidPrint('Allez !\nOn y va\r\n\ttous')).toBe(true);
  });

  it.each([
    ['a right-to-left override', 'Allez \u202Ezehcnil'],
    ['a bidi isolate', 'Allez \u2066les bleus'],
    ['a control character', 'Allez\u0007 les bleus'],
    ['a C1 control', 'Allez\u0085 les bleus'],
    ['an escape sequence', 'Allez \u001B[31mrouge'],
  ])('refuses %s, as usernames do', (_, text) => {
    expect(isValidPrint(text)).toBe(false);
  });

  it('agrees with printLength and the printable rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const length = printLength(text);
        expect(isValidPrint(text)).toBe(length > PRINT_MIN_EXCLUSIVE && length <= PRINT_MAX_LENGTH && isPrintableText(text));
      }),
    );
  });
});
