import { describe, expect, it } from 'vitest';
import { renderLegalPdf, toWinAnsi } from './legal-pdf';

// The WinAnsi codes above Latin-1 that these tests write (Node's decoders read them as Latin-1).
const WIN_ANSI: Record<string, string> = { '\u0080': '€', '\u0092': '’', '\u009c': 'œ', '\u0096': '–' };

/** The text drawn on the pages of an uncompressed pdfkit document. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const pieces = [...source.matchAll(/<([0-9a-f]+)>/gi)].map((match) => Buffer.from(match[1], 'hex').toString('latin1'));
  return pieces.join('').replace(/[\u0080-\u009f]/g, (char) => WIN_ANSI[char] ?? char);
}

const body = `Un préambule avec un [lien](/calshare/privacy_policy) et du **gras**.

## 1. Objet

- **Âge minimum** : 18 ans ;
- un prix ajustable de 5 € au plus.

| Moment | Remboursement |
| --- | --- |
| Plus de 24 heures avant | La totalité |

### 1.1 Détail

1. premier
2. second
`;

describe('legal PDFs', () => {
  it('draws the title, the date and every block of the Markdown, in French', async () => {
    const pdf = await renderLegalPdf({ title: "Conditions d'utilisation", applicable: '1er novembre 2023', projectName: 'Unissons', publicUrl: 'https://unissons.example', body, compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, '');
    for (const expected of ["Conditionsd'utilisation", 'Applicableàcompterdu1ernovembre2023', '1.Objet', 'Âgeminimum', '5€auplus', 'Plusde24heuresavant', 'Latotalité', '1.1Détail', 'second', 'page1sur1']) {
      expect(text).toContain(expected);
    }
    // Site-relative links become absolute, so they work from a downloaded file.
    expect(pdf.toString('latin1')).toContain('(https://unissons.example/calshare/privacy_policy)');
  });

  it('numbers every page when the text runs long', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `## ${i + 1}. Article\n\n${'Une phrase de texte. '.repeat(30)}`).join('\n\n');
    const pdf = await renderLegalPdf({ title: 'Long', applicable: 'hier', projectName: 'Unissons', publicUrl: 'https://u.example', body: long, compress: false });
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    expect(pages).toBeGreaterThan(3);
    expect(pdfText(pdf).replace(/\s+/g, '')).toContain(`page${pages}sur${pages}`);
  });

  it('writes a question mark for a character the standard fonts cannot draw, instead of garbage', () => {
    expect(toWinAnsi('Prix : 5 €, « œuvre » – ok\u202f!')).toBe('Prix : 5 €, « œuvre » – ok\u00a0!');
    expect(toWinAnsi('Bravo 🎉 !')).toBe('Bravo ? !');
    expect(toWinAnsi('a\tb\r\nc')).toBe('a b\nc');
  });

  it('links only to the site and to the schemes the pages allow, and draws any other link as its text', async () => {
    const hostile = ['javascript:app.alert(1)', 'JavaScript:app.alert(1)', 'file:///C:/Windows/win.ini', String.raw`\\attacker.example\share\doc`, 'data:text/html,x', 'vbscript:msgbox', '//attacker.example/doc', String.raw`/\attacker.example`];
    // Backslashes doubled, as Markdown reads them.
    const links = hostile.map((href, index) => `[piège ${index}](${href.replace(/\\/g, '\\\\')})`).join(' ');
    const pdf = await renderLegalPdf({ title: 'T', applicable: 'hier', projectName: 'Unissons', publicUrl: 'https://u.example', body: `${links} [ailleurs](https://exemple.fr/a) [écrire](mailto:contact@u.example)\n`, compress: false });
    const uris = [...pdf.toString('latin1').matchAll(/\/URI \(((?:[^()\\]|\\.)*)\)/g)].map((match) => match[1]);
    expect(uris).toEqual(['https://exemple.fr/a', 'mailto:contact@u.example']);
    const text = pdfText(pdf).replace(/\s+/g, '');
    for (const index of hostile.keys()) expect(text).toContain(`piège${index}`);
  });

  it('prints what a legal document has no use for (a code block, raw HTML) as its text', async () => {
    const pdf = await renderLegalPdf({ title: 'T', applicable: 'hier', projectName: 'Unissons', publicUrl: 'https://u.example', body: '```\ncode 1\n```\n\n<div>brut</div>\n', compress: false });
    const text = pdfText(pdf).replace(/\s+/g, '');
    expect(text).toContain('code1');
    expect(text).toContain('<div>brut</div>');
  });
});
