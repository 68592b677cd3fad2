import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '../../shared/legal';
import { defaultPublicConfig } from '../../shared/public-config';
import { readMarkdownSource } from '../../shared/markdown-source';
import { renderTextDocument } from '../../shared/texts-markdown';

const variables = { ...defaultPublicConfig, contactEmail: 'rgpd@unissons.example' };
const read = (file: string, required: string[]) => readMarkdownSource(fs.readFileSync(path.resolve(file), 'utf8'), variables, required, file);
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('privacy policy', () => {
  const { meta, body } = read('content/privacy-policy.md', ['title', 'description', 'applicable']);
  const { headings, sections, html } = renderTextDocument(body);
  const titles = headings.map((heading) => spaced(heading.text));
  const textOf = (prefix: string) =>
    spaced(
      sections
        .filter((section) => spaced(section.heading).startsWith(prefix))
        .map((section) => section.text)
        .join(' '),
    );

  it('applies from 1 November 2023', () => {
    expect(meta.applicable).toBe('1er novembre 2023');
  });

  it('has the eleven sections of spec §2, in order', () => {
    const main = headings.filter((heading) => heading.depth === 2).map((heading) => spaced(heading.text));
    expect(main).toEqual([
      '1. Généralités',
      '2. Données collectées',
      '3. Durées de conservation',
      '4. Finalités et bases légales',
      '5. Destinataires des données',
      '6. Transferts de données',
      '7. Tes droits',
      '8. Mot de passe',
      '9. Liens vers des sites tiers',
      '10. Modifications de la politique',
      '11. Contact',
    ]);
    expect(titles).toContain('5.4 Modération des messages');
  });

  it('lists the rights 7.1 to 7.9 without 7.4, portability, complaint and post-death directives included', () => {
    const rights = titles.filter((title) => /^7\.\d/.test(title)).map((title) => title.split(' ')[0]);
    expect(rights).toEqual(['7.1', '7.2', '7.3', '7.5', '7.6', '7.7', '7.8', '7.9']);
    expect(titles).toContain('7.7 Droit à la portabilité');
    expect(textOf('7.8')).toContain('CNIL');
    expect(titles.some((title) => title.startsWith('7.9') && title.includes('décès'))).toBe(true);
    expect(textOf('7. Tes droits')).toMatch(/service contact .*section 11.* par courrier/);
  });

  it('gives every retention period of spec §9', () => {
    const retention = textOf('3.');
    for (const period of [
      '5 ans après ta dernière utilisation',
      '30 jours après la fermeture',
      '2 ans en cas d’avis négatif ou de signalement',
      "Jusqu'à 10 ans",
      '12 mois',
      '1 an après le dernier échange',
      '2 ans, ou 10 ans en cas de manquement grave',
      "Jusqu'à 5 ans",
    ]) {
      expect(retention.replace(/’/g, "'"), period).toContain(period.replace(/’/g, "'"));
    }
  });

  it('ends with a contact section that points below, keeps the password secret and warns about other sites', () => {
    // One source for the association's contact: the legal notice's facts, which the page shows
    // after the text (written by the server), never an address of the build's.
    expect(textOf('11.')).toMatch(/coordonnées ci-dessous .*mentions légales/);
    expect(html).toContain('<a href="/mentions-legales">mentions légales</a>');
    expect(html).not.toContain('rgpd@unissons.example');
    expect(textOf('8.')).toMatch(/secret/);
    expect(textOf('9.')).toMatch(/autres sites/);
    expect(textOf('10.')).toMatch(/consentement/);
  });
});

describe('legal documents', () => {
  it.each(LEGAL_DOCUMENTS.map((document) => [document.slug, document.title]))('%s is titled %s and says from when it applies', (slug, title) => {
    const { meta } = read(`content/legal/${slug}.md`, ['title', 'applicable']);
    expect(meta.title).toBe(title);
  });

  it('states the over-18 rule and the price rule in the terms of use', () => {
    const { body } = read('content/legal/conditions-utilisation.md', ['title']);
    expect(spaced(body)).toMatch(/au moins 18 ans/);
    expect(spaced(body)).toMatch(/5 euros au maximum, à la hausse ou à la baisse/);
  });
});
