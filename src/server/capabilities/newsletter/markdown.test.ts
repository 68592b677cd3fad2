import { expect, it } from 'vitest';
import { markdownToEmailHtml, markdownToText } from './markdown';

const LETTER = `# Le grand jour

Bonjour à **tous** & *toutes* ! Lisez [le programme](https://exemple.fr/programme "Programme").

- Tournoi de foot
- Sortie vélo
  1. départ 9 h
  2. retour 17 h

> Le sport rassemble.

\`\`\`
npm start <port>
\`\`\`

---

![Photo du tournoi](https://exemple.fr/photo.jpg)

Écris-nous : <contact@exemple.fr>, ou \`réponds\` à ce mail.`;

it('renders Markdown as e-mail HTML with inline styles', () => {
  const html = markdownToEmailHtml(LETTER);
  expect(html).toMatch(/<h1 style="[^"]*color:#0b3d91;[^"]*">Le grand jour<\/h1>/);
  expect(html).toContain('<p style="margin:0 0 16px;">Bonjour à <strong>tous</strong> &amp; <em>toutes</em> !');
  expect(html).toContain('<a href="https://exemple.fr/programme" title="Programme" style="color:#0b3d91;');
  expect(html).toMatch(/<ul style="[^"]+">/);
  expect(html).toMatch(/<ol style="[^"]+">/);
  expect(html).toMatch(/<blockquote style="[^"]*#ff7a1a[^"]*">/);
  expect(html).toContain('<code>npm start &lt;port&gt;</code></pre>');
  expect(html).toContain('<img src="https://exemple.fr/photo.jpg" alt="Photo du tournoi" style="display:block;max-width:100%;');
  expect(html).toContain('<a href="mailto:contact@exemple.fr"');
  expect(html).toMatch(/<code style="[^"]+">réponds<\/code>/);
});

it('escapes what goes into attributes', () => {
  const html = markdownToEmailHtml('[x](https://exemple.fr/?a=1&b="2") ![a "b"](https://exemple.fr/i.png)');
  expect(html).not.toContain('"2"');
  expect(html).toContain('alt="a &quot;b&quot;"');
});

it('writes a readable plain-text twin: no markup, links spelled out, lists and quotes kept', () => {
  expect(markdownToText(LETTER)).toBe(`Le grand jour
=============

Bonjour à tous & toutes ! Lisez le programme (https://exemple.fr/programme).

- Tournoi de foot
- Sortie vélo
  1. départ 9 h
  2. retour 17 h

> Le sport rassemble.

    npm start <port>

------------------------------

[Photo du tournoi]

Écris-nous : contact@exemple.fr, ou réponds à ce mail.`);
});

it('drops raw HTML tags from the text, keeping their words, and decodes entities', () => {
  expect(markdownToText('<div align="center">Un <b>grand</b> merci</div>\n\nA &amp; B &#233;t&eacute;')).toBe('Un grand merci\n\nA & B ét&eacute;');
  expect(markdownToText('| Sport | Jour |\n|---|---|\n| Foot | Lundi |')).toBe('Sport | Jour\nFoot | Lundi');
  expect(markdownToText('- [x] fait\n- [ ] à faire')).toBe('- [x] fait\n- [ ] à faire');
  expect(markdownToText('ligne 1  \nligne 2 \\*pas en gras\\*')).toBe('ligne 1\nligne 2 *pas en gras*');
});
