import { describe, expect, it } from 'vitest';
import { defaultTexts, parseTextSource } from './defaults';

describe('the texts a fresh site starts with', () => {
  it('reads every text of content/, with its front matter, in the order the admin lists them', () => {
    const texts = defaultTexts();
    expect(texts.map((text) => [text.id, text.kind, text.position])).toEqual([
      ['wiki-home', 'wiki', 0],
      ['wiki-search_trip', 'wiki', 1],
      ['wiki-create_account', 'wiki', 2],
      ['wiki-submit_trip', 'wiki', 3],
      ['wiki-notifications', 'wiki', 4],
      ['wiki-profile', 'wiki', 5],
      ['wiki-chats', 'wiki', 6],
      ['privacy-policy', 'privacy-policy', 7],
      ['founders-message', 'founders-message', 8],
      ['legal-notice', 'legal-notice', 9],
      ['conditions-utilisation', 'legal-pdf', 10],
      ['politique-remboursement', 'legal-pdf', 11],
      ['frais-de-service', 'legal-pdf', 12],
    ]);
    for (const text of texts) {
      expect(text.title, text.id).not.toBe('');
      expect(text.body.startsWith('---'), text.id).toBe(false);
      expect(text.body.trim().length, text.id).toBeGreaterThan(100);
    }
    expect(texts.filter((text) => text.applicable !== '').map((text) => text.id)).toEqual(['privacy-policy', 'conditions-utilisation', 'politique-remboursement', 'frais-de-service']);
  });

  it('splits the front matter from the body, and refuses a file without a title', () => {
    expect(parseTextSource('---\ntitle: Titre\ndescription: Résumé\n---\n\nCorps', 'a.md')).toEqual({ title: 'Titre', description: 'Résumé', applicable: '', body: 'Corps' });
    expect(() => parseTextSource('Corps', 'a.md')).toThrow('front matter');
    expect(() => parseTextSource('---\ndescription: x\n---\nCorps', 'a.md')).toThrow('"title"');
  });
});
