import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPrintableLine, isPrintableText } from './printable';

const UNPRINTABLE = [
  ['NUL', '\u0000'],
  ['backspace', '\u0008'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['a C1 control (NEL)', '\u0085'],
  ['a left-to-right embedding', '\u202A'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right isolate', '\u2066'],
  ['a pop directional isolate', '\u2069'],
];

describe('isPrintableLine', () => {
  it.each(UNPRINTABLE)('refuses %s', (_, character) => {
    expect(isPrintableLine(`abc${character}def`)).toBe(false);
  });

  it.each([['a line break', '\n'], ['a carriage return', '\r'], ['a tab', '\t']])('refuses %s', (_, character) => {
    expect(isPrintableLine(`abc${character}def`)).toBe(false);
  });

  it.each(['Léa Martin', 'Tir à l’arc 🏹', 'مرحبا', 'שלום', '👨‍👩‍👧‍👦', 'a\u00a0b', 'e\u0301'])('accepts %j', (text) => {
    expect(isPrintableLine(text)).toBe(true);
  });
});

describe('isPrintableText', () => {
  it.each(UNPRINTABLE)('refuses %s', (_, character) => {
    expect(isPrintableText(`abc${character}def`)).toBe(false);
  });

  it('keeps line breaks and tabs', () => {
    expect(isPrintableText('Allez !\nOn y va\r\n\ttous ensemble')).toBe(true);
  });

  it('refuses exactly what the one-line rule refuses, line breaks and tabs apart', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => {
        expect(isPrintableText(text)).toBe(isPrintableLine(text.replace(/[\n\r\t]/g, ' ')));
      }),
      { numRuns: 200 },
    );
  });
});
