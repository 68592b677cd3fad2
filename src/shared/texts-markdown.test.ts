import { describe, expect, it } from 'vitest';
import { fillPlaceholders, pageText } from './texts';
import { decodeEntities, htmlToText, renderTextDocument, renderTextMarkdown, slugify } from './texts-markdown';

describe('the texts’ Markdown', () => {
  it('writes what Markdown makes: headings, lists, tables, emphasis, links', () => {
    const html = renderTextMarkdown('## Titre\n\nDu **gras**, de l’*italique* et [l’aide](/calshare/wiki).\n\n- un\n- deux\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<h2 id="titre"><a class="heading-link" href="#titre">Titre</a></h2>');
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
    // Images: the site's own screenshots only, their size from their address; any other is its description.
    const own = `/api/wiki/images/${'a'.repeat(64)}-800x600.webp`;
    expect(renderTextMarkdown(`![Capture](${own})`)).toContain(`<img src="${own}" alt="Capture" width="800" height="600" loading="lazy" />`);
    expect(renderTextMarkdown('![Capture](https://exemple.fr/a.png)')).toBe('<p><em>Capture</em></p>\n');
    const quoted = renderTextMarkdown(`![x" onerror="alert(1)](${own} "t&quot; onload=&quot;alert(1)")`);
    expect(quoted).toContain('alt="x&quot; onerror=&quot;alert(1)"');
    expect(quoted).not.toMatch(/<img[^>]*"\son\w+=/);
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


describe('the pages’ headings, tables and sections', () => {
  it('gives every heading a stable, readable anchor and makes it a link to itself', () => {
    const { html, headings } = renderTextDocument("## 7. Tes droits\n\n### 7.1 Droit d'accès\n\ntexte\n\n### 7.1 Droit d'accès\n");
    expect(headings).toEqual([
      { depth: 2, id: '7-tes-droits', text: '7. Tes droits' },
      { depth: 3, id: '7-1-droit-d-acces', text: "7.1 Droit d'accès" },
      { depth: 3, id: '7-1-droit-d-acces-2', text: "7.1 Droit d'accès" },
    ]);
    expect(html).toContain(`<h3 id="7-1-droit-d-acces"><a class="heading-link" href="#7-1-droit-d-acces">7.1 Droit d'accès</a></h3>`);
  });

  it('makes a level-one heading a section (the page has its own title), and gives no anchor below level three', () => {
    const { html, headings } = renderTextDocument('# Titre\n\n#### Détail\n');
    expect(headings).toEqual([{ depth: 2, id: 'titre', text: 'Titre' }]);
    expect(html).toContain('<h2 id="titre">');
    expect(html).toContain('<h4>Détail</h4>');
  });

  it('puts tables in a box that scrolls on a phone and can be reached by keyboard', () => {
    const { html } = renderTextDocument('| Données | Durée |\n| --- | --- |\n| Journaux | 12 mois |\n');
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau"><table>/);
    expect(html).toContain('<td>12 mois</td>');
  });

  it('names each table region after its section, never twice the same (each is a landmark)', () => {
    const table = '| Données | Durée |\n| --- | --- |\n| Journaux | 12 mois |\n';
    const { html } = renderTextDocument(`## Conservation & "durées"\n\n${table}\n${table}\n## Bases légales\n\n${table}`);
    const labels = [...html.matchAll(/role="region" aria-label="([^"]*)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['Tableau : Conservation &amp; &quot;durées&quot;', 'Tableau : Conservation &amp; &quot;durées&quot; (2)', 'Tableau : Bases légales']);
  });

  it('keeps the plain text of each section for the search, introduction first', () => {
    const { sections } = renderTextDocument('Bienvenue **ici**.\n\n## Le prix\n\nDe **5 €** au plus, voir [le détail](/legal/frais-de-service.pdf).\n\n- un\n- deux\n');
    expect(sections).toEqual([
      { anchor: '', heading: '', text: 'Bienvenue ici.' },
      { anchor: 'le-prix', heading: 'Le prix', text: 'De 5 € au plus, voir le détail. un deux' },
    ]);
  });
});

describe('text helpers', () => {
  it('slugify keeps digits and letters without accents', () => {
    expect(slugify('Étape 1 : ton adresse mail')).toBe('etape-1-ton-adresse-mail');
    expect(slugify('Œuvre')).toBe('oeuvre');
    expect(slugify('?!')).toBe('section');
  });

  it('decodes the entities marked writes', () => {
    expect(decodeEntities('l&#39;app &amp; &quot;toi&quot; &lt;3 &#x2014;')).toBe('l\'app & "toi" <3 —');
    expect(htmlToText('<p>Un</p><p>deux <strong>trois</strong>.</p>')).toBe('Un deux trois.');
  });
});

describe('placeholders', () => {
  const variables = { appName: 'CalShare', projectName: 'Unissons', contactEmail: 'contact@unissons.fr', publicUrl: 'https://unissons.fr' };

  it('fills the known ones and leaves an unknown one as written, for the editor to see', () => {
    expect(fillPlaceholders('{projectName} et {appName}, {inconnu}', variables)).toBe('Unissons et CalShare, {inconnu}');
  });

  it('puts the no-break spaces of French typography, as the build does', () => {
    expect(pageText('Écris à {contactEmail} !', variables)).toBe('Écris à contact@unissons.fr\u00a0!');
  });
});
