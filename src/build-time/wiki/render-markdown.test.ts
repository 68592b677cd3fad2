import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, renderMarkdown, slugify } from './render-markdown';

describe('renderMarkdown', () => {
  it('gives every heading a stable, readable anchor and makes it a link to itself', () => {
    const { html, headings } = renderMarkdown("## 7. Tes droits\n\n### 7.1 Droit d'accès\n\ntexte\n\n### 7.1 Droit d'accès\n");
    expect(headings).toEqual([
      { depth: 2, id: '7-tes-droits', text: '7. Tes droits' },
      { depth: 3, id: '7-1-droit-d-acces', text: "7.1 Droit d'accès" },
      { depth: 3, id: '7-1-droit-d-acces-2', text: "7.1 Droit d'accès" },
    ]);
    expect(html).toContain('<h3 id="7-1-droit-d-acces"><a class="heading-link" href="#7-1-droit-d-acces">7.1 Droit d&#39;accès</a></h3>');
  });

  it('refuses a level-one heading: the page title comes from the front matter', () => {
    expect(() => renderMarkdown('# Titre')).toThrow(/only ## and ###/);
  });

  it('puts tables in a box that scrolls on a phone and can be reached by keyboard', () => {
    const { html } = renderMarkdown('| Données | Durée |\n| --- | --- |\n| Journaux | 12 mois |\n');
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau"><table>/);
    expect(html).toContain('<td>12 mois</td>');
  });

  it('names each table region after its section, never twice the same (each is a landmark)', () => {
    const table = '| Données | Durée |\n| --- | --- |\n| Journaux | 12 mois |\n';
    const { html } = renderMarkdown(`## Conservation & "durées"\n\n${table}\n${table}\n## Bases légales\n\n${table}`);
    const labels = [...html.matchAll(/role="region" aria-label="([^"]*)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['Tableau : Conservation &amp; &quot;durées&quot;', 'Tableau : Conservation &amp; &quot;durées&quot; (2)', 'Tableau : Bases légales']);
  });

  it('keeps the plain text of each section for the search, introduction first', () => {
    const { sections } = renderMarkdown('Bienvenue **ici**.\n\n## Le prix\n\nDe **5 €** au plus, voir [le détail](/legal/frais-de-service.pdf).\n\n- un\n- deux\n');
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
