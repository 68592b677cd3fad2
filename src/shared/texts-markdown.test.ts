import { describe, expect, it } from 'vitest';
import { fillPlaceholders, pageText } from './texts';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, decodeEntities, htmlToText, renderTextDocument, renderTextMarkdown, sanitizeTextHtml, slugify } from './texts-markdown';

/** Every element an HTML string makes, with its attributes' names: 'a href rel'. */
const elementsOf = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map(([, tag, attributes]) => [tag, ...[...attributes.matchAll(/([^\s=/]+)(?:="[^"]*")?/g)].map((match) => match[1])].join(' '));

describe('the texts’ Markdown', () => {
  it('writes what Markdown makes: headings, lists, tables, emphasis, links', () => {
    const html = renderTextMarkdown('## Titre\n\nDu **gras**, de l’*italique* et [l’aide](/calshare/wiki).\n\n- un\n- deux\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<h2 id="s-titre"><a class="heading-link" href="#s-titre">Titre</a></h2>');
    expect(html).toContain('<strong>gras</strong>');
    expect(html).toContain('<a href="/calshare/wiki">l’aide</a>');
    expect(html).toContain('<li>un</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('shows raw HTML as the text it is: no element comes of it', () => {
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
      expect(elementsOf(html).filter((element) => element !== 'p'), attack).toEqual([]);
      expect(htmlToText(html), attack).toBe(attack);
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


describe('the sanitiser, the second lock, alone', () => {
  // What it keeps, written out: widening it is a change to this list, seen in review.
  it('keeps only the tags and attributes the renderer writes', () => {
    expect(ALLOWED_TAGS).toEqual([
      'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
      'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input', 'div',
    ]);
    expect(ALLOWED_ATTRIBUTES).toEqual({
      h2: ['id'],
      h3: ['id'],
      a: ['href', 'title', 'rel', 'class'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      th: ['align'],
      td: ['align'],
      div: ['class', 'tabindex', 'role', 'aria-label'],
      input: ['type', 'checked', 'disabled'],
      ol: ['start'],
    });
  });

  it('leaves no script, frame, form, event handler, style or javascript: address in HTML that came past the first lock', () => {
    const screenshot = `/api/wiki/images/${'a'.repeat(64)}-10x10.webp`;
    const attacks = [
      '<iframe src="https://exemple.fr"></iframe>',
      `<img src="${screenshot}" onerror="alert(1)">`,
      '<a href="javascript:alert(1)">clic</a>',
      '<a href="https://exemple.fr" onclick="alert(1)">clic</a>',
      '<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">x</div>',
      '<h2 id="x" onclick="alert(1)" style="color:red">titre</h2>',
      '<svg onload="alert(1)"><circle r="1"/></svg>',
      '<script>alert(1)</script>',
      '<object data="https://exemple.fr/x.swf"></object><embed src="https://exemple.fr/x.swf">',
      '<form action="https://exemple.fr"><input type="text" name="mot-de-passe"><button>Envoyer</button></form>',
      '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>',
      '<style>body{display:none}</style><link rel="stylesheet" href="https://exemple.fr/x.css"><meta http-equiv="refresh" content="0;url=https://exemple.fr">',
    ];
    const allowed = new Set(['p', 'a', 'img', 'div', 'h2', 'input']);
    for (const attack of attacks) {
      const elements = elementsOf(sanitizeTextHtml(attack));
      for (const element of elements) {
        const [tag, ...attributes] = element.split(' ');
        expect(allowed.has(tag), `${attack} → ${element}`).toBe(true);
        expect(attributes.filter((name) => /^on|^style$/i.test(name)), `${attack} → ${element}`).toEqual([]);
      }
      expect(sanitizeTextHtml(attack), attack).not.toMatch(/href="\s*javascript:/i);
    }
    // The site's own screenshot stays, without its handler.
    expect(sanitizeTextHtml(`<img src="${screenshot}" onerror="alert(1)">`)).toBe(`<img src="${screenshot}" width="10" height="10" loading="lazy" />`);
  });
});

describe('the pages’ headings, tables and sections', () => {
  it('gives every heading a stable, readable anchor and makes it a link to itself', () => {
    const { html, headings } = renderTextDocument("## 7. Tes droits\n\n### 7.1 Droit d'accès\n\ntexte\n\n### 7.1 Droit d'accès\n");
    expect(headings).toEqual([
      { depth: 2, id: 's-7-tes-droits', text: '7. Tes droits' },
      { depth: 3, id: 's-7-1-droit-d-acces', text: "7.1 Droit d'accès" },
      { depth: 3, id: 's-7-1-droit-d-acces-2', text: "7.1 Droit d'accès" },
    ]);
    expect(html).toContain(`<h3 id="s-7-1-droit-d-acces"><a class="heading-link" href="#s-7-1-droit-d-acces">7.1 Droit d'accès</a></h3>`);
  });

  it('sends a link to a section written as its heading’s words, or as its address, to the heading', () => {
    const { html } = renderTextDocument('## 11. Contact\n\nVoir [le contact](#11-contact) ou [ici](#s-11-contact).\n');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(['#s-11-contact', '#s-11-contact', '#s-11-contact']);
  });

  it('keeps the page’s own ids out of reach of a heading’s words', () => {
    const { html, headings } = renderTextDocument('# {"wiki":{"menu":"data"}}\n\n## contenu\n\n## site nav list\n');
    expect(headings.map((heading) => heading.id)).toEqual(['s-wiki-menu-data', 's-contenu', 's-site-nav-list']);
    expect([...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1])).toEqual(['s-wiki-menu-data', 's-contenu', 's-site-nav-list']);
  });

  it('makes a level-one heading a section (the page has its own title), and gives no anchor below level three', () => {
    const { html, headings } = renderTextDocument('# Titre\n\n#### Détail\n');
    expect(headings).toEqual([{ depth: 2, id: 's-titre', text: 'Titre' }]);
    expect(html).toContain('<h2 id="s-titre">');
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
      { anchor: 's-le-prix', heading: 'Le prix', text: 'De 5 € au plus, voir le détail. un deux' },
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
