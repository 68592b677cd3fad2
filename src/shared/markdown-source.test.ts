import { describe, expect, it } from 'vitest';
import { applyVariables, frenchSpacing, parseFrontMatter, readMarkdownSource } from './markdown-source';

describe('markdown sources', () => {
  it('reads the front matter and leaves the body', () => {
    expect(parseFrontMatter('---\ntitle: Aide\ndescription: Tout savoir\n---\n\nTexte\n')).toEqual({
      meta: { title: 'Aide', description: 'Tout savoir' },
      body: '\nTexte\n',
    });
    expect(() => parseFrontMatter('Texte seul', 'x.md')).toThrow('x.md: front matter (---) missing');
  });

  it('fills placeholders and stops on an unknown one', () => {
    expect(applyVariables('Écris à {contactEmail}', { contactEmail: 'a@b.fr' })).toBe('Écris à a@b.fr');
    expect(() => applyVariables('{contactMail}', { contactEmail: 'a@b.fr' }, 'p.md')).toThrow('p.md: unknown placeholder {contactMail}');
  });

  it('puts no-break spaces where French typography wants them', () => {
    expect(frenchSpacing('Question ? « Oui » : bien ; top !')).toBe('Question\u00a0? «\u00a0Oui\u00a0»\u00a0: bien\u00a0; top\u00a0!');
    expect(frenchSpacing('https://exemple.fr')).toBe('https://exemple.fr');
  });

  it('requires the keys a page needs', () => {
    expect(() => readMarkdownSource('---\ntitle: T\n---\n', {}, ['title', 'description'], 'w.md')).toThrow('w.md: front matter needs "description"');
  });
});
