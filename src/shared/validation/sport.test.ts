import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SPORT_NAME_MAX_LENGTH, isValidSportName, sportDuplicateKey, sportId } from './sport';

describe('sportId', () => {
  it.each([
    ['Football', 'football'],
    ['  Beach   Volley ', 'beach volley'],
    ['Ski\tde\nfond', 'ski de fond'],
    ['Ski\u00a0de fond', 'ski de fond'],
    ['Pétanque', 'pétanque'],
    ['PÉTANQUE', 'pétanque'],
    ['Pe\u0301tanque', 'pétanque'], // decomposed accent becomes the composed 'é'
    ['Ping-Pong 🏓', 'ping-pong 🏓'],
    ['ISTRES', 'istres'], // French, not Turkish, casing: no dotless ı
  ])('%j has id %j', (name, id) => {
    expect(sportId(name)).toBe(id);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(sportId(sportId(name))).toBe(sportId(name));
      }),
    );
  });

  it('has no surrounding or repeated whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const id = sportId(name);
        expect(id).toBe(id.trim());
        expect(id).not.toMatch(/\s\s/);
      }),
    );
  });
});

describe('sportDuplicateKey', () => {
  it('makes names that differ by case, spacing or accents duplicates', () => {
    const key = sportDuplicateKey('Pétanque');
    expect(key).toBe('petanque');
    for (const name of ['petanque', ' PETANQUE ', 'PÉTANQUE', 'Pe\u0301tanque', 'pètanque']) {
      expect(sportDuplicateKey(name)).toBe(key);
    }
    expect(sportDuplicateKey('Escalade  en   Salle')).toBe(sportDuplicateKey('escalade en salle'));
    expect(sportDuplicateKey('Canoë-Kayak')).toBe('canoe-kayak');
  });

  it('keeps apart names that differ otherwise', () => {
    expect(sportDuplicateKey('beach-volley')).not.toBe(sportDuplicateKey('beach volley'));
    expect(sportDuplicateKey('tennis')).not.toBe(sportDuplicateKey('tennis de table'));
  });

  it('is the same for a name and its id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(sportDuplicateKey(sportId(name))).toBe(sportDuplicateKey(name));
      }),
    );
  });

  it('ignores upper case and surrounding spaces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zàâçéèêëîïôûùüÿœ]+( [a-zàâçéèêëîïôûùüÿœ]+)*$/), (name) => {
        expect(sportDuplicateKey(`  ${name.toLocaleUpperCase('fr')} `)).toBe(sportDuplicateKey(name));
      }),
    );
  });
});

describe('isValidSportName', () => {
  it.each(['Football', 'Ping-pong 🏓', 'Tir à l’arc', 'K', '  Rugby à 7  '])('accepts %j', (name) => {
    expect(isValidSportName(name)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   \t\n'],
    ['only digits', '42'],
    ['only an emoji', '🏓'],
    ['only punctuation', '- !'],
    ['a right-to-left override', 'Foot\u202Elabd'],
    ['a bidi isolate', '\u2066Rugby'],
    ['a control character', 'Ten\u0000nis'],
    ['a C1 control', 'Judo\u0085'],
  ])('rejects %s', (_, name) => {
    expect(isValidSportName(name)).toBe(false);
  });

  it('accepts tabs and line breaks, which become spaces', () => {
    expect(isValidSportName('Ski\tde\nfond')).toBe(true);
  });

  it(`allows ${SPORT_NAME_MAX_LENGTH} characters, counted after trimming and collapsing spaces`, () => {
    expect(isValidSportName('a'.repeat(40))).toBe(true);
    expect(isValidSportName('a'.repeat(41))).toBe(false);
    expect(isValidSportName(`   ${'a'.repeat(40)}   `)).toBe(true);
    expect(isValidSportName(`${'a'.repeat(20)}     ${'a'.repeat(19)}`)).toBe(true); // 40 once collapsed
    expect(isValidSportName(`${'a'.repeat(20)} ${'a'.repeat(20)}`)).toBe(false);
    expect(isValidSportName('é'.repeat(40))).toBe(true);
    expect(isValidSportName('e\u0301'.repeat(40))).toBe(true); // composed before counting
  });
});
