import { describe, expect, it } from 'vitest';
import { renderTextMarkdown } from './texts-markdown';

describe('the texts’ Markdown', () => {
  it('writes what Markdown makes: headings, lists, tables, emphasis, links', () => {
    const html = renderTextMarkdown('## Titre\n\nDu **gras**, de l’*italique* et [l’aide](/calshare/wiki).\n\n- un\n- deux\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<h2>Titre</h2>');
    expect(html).toContain('<strong>gras</strong>');
    expect(html).toContain('<a href="/calshare/wiki">l’aide</a>');
    expect(html).toContain('<li>un</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('shows raw HTML as text: no script, no event handler, no style, no frame', () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="https://exemple.fr" onclick="alert(1)">clic</a>',
      '<iframe src="https://exemple.fr"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<svg onload=alert(1)>',
      'texte <b onmouseover=alert(1)>gras</b> en ligne',
    ];
    for (const attack of attacks) {
      const html = renderTextMarkdown(attack);
      expect(html, attack).not.toMatch(/<(script|img|iframe|div|svg|b)\b/i);
      expect(html, attack).toContain('&lt;');
    }
  });

  it('refuses dangerous addresses in Markdown links and images', () => {
    for (const markdown of ['[x](javascript:alert(1))', '[x](JAVASCRIPT:alert(1))', '[x](data:text/html;base64,PHNjcmlwdD4=)', '[x](vbscript:msgbox)', '![x](javascript:alert(1))', '[x](java&#09;script:alert(1))']) {
      const html = renderTextMarkdown(markdown);
      expect(html, markdown).not.toMatch(/javascript:|data:|vbscript:/i);
      expect(html, markdown).not.toMatch(/\son\w+=/i);
    }
    // Markdown's own image: kept, with its alt text, on http(s) only.
    expect(renderTextMarkdown('![Capture](https://exemple.fr/a.png)')).toContain('<img src="https://exemple.fr/a.png" alt="Capture" />');
  });

  it('gives links to other sites rel="noopener noreferrer", and not the site’s own', () => {
    const html = renderTextMarkdown('[ailleurs](https://exemple.fr/page) [ici](https://unissons.fr/wiki) [relatif](/join) [mail](mailto:contact@unissons.fr)', {
      siteOrigin: 'https://unissons.fr',
    });
    expect(html).toContain('<a href="https://exemple.fr/page" rel="noopener noreferrer">ailleurs</a>');
    expect(html).toContain('<a href="https://unissons.fr/wiki">ici</a>');
    expect(html).toContain('<a href="/join">relatif</a>');
    expect(html).toContain('<a href="mailto:contact@unissons.fr">mail</a>');
    // A rel written by the author is replaced, never trusted.
    expect(renderTextMarkdown('[x](https://exemple.fr "titre")')).toContain('rel="noopener noreferrer"');
  });
});
