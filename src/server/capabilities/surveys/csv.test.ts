import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV for French spreadsheets', () => {
  it('quotes only what needs it, doubling quotes (RFC 4180)', () => {
    expect(csvField('Instagram')).toBe('Instagram');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('4,5')).toBe('"4,5"');
    expect(csvField('il a dit "oui"')).toBe('"il a dit ""oui"""');
    expect(csvField('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvField('retour\r')).toBe('"retour\r"');
  });

  it('keeps a spreadsheet from running an answer as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvField('=A1;B1')).toBe(`"'=A1;B1"`);
    expect(csvField('Très bien = top')).toBe('Très bien = top');
  });

  it('starts with a BOM and ends each row with CRLF', () => {
    expect(
      toCsv([
        ['Date', 'Note'],
        ['2025-03-01', 'é'],
      ]),
    ).toBe('\uFEFFDate;Note\r\n2025-03-01;é\r\n');
  });
});
