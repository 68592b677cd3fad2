import { describe, expect, it } from 'vitest';
import { foldForSearch, isVisitorId, isWikiArticleId, searchTerms, searchWiki, wikiAltProblem, wikiImageMarkdown, wikiMessages, wikiNeighbours, type WikiSearchSection } from './wiki';

const sections: WikiSearchSection[] = [
  { articleId: 'create_account', articleTitle: 'Créer ton compte', anchor: 'mot-de-passe-oublie', heading: 'Mot de passe oublié', text: 'Tu reçois par mail un mot de passe temporaire, valable une heure.' },
  { articleId: 'submit_trip', articleTitle: 'Publier un trajet', anchor: 'le-prix', heading: 'Le prix de ton trajet', text: "L'app calcule un prix que tu peux ajuster de 5 € au maximum. Véhicule : voiture ou utilitaire." },
  { articleId: 'chats', articleTitle: 'Les discussions', anchor: '', heading: '', text: 'Chaque trajet a sa discussion de groupe, le conducteur en est l’administrateur.' },
];

describe('foldForSearch', () => {
  it('drops accents and case, and spells out ligatures', () => {
    expect(foldForSearch('Électrique ÉTÉ Œuvre Cœur')).toBe('electrique ete oeuvre coeur');
    expect(foldForSearch('l’administrateur')).toBe("l'administrateur");
  });
});

describe('searchWiki', () => {
  it('finds a section whatever the accents and case typed', () => {
    for (const query of ['oublié', 'OUBLIE', 'oublie', 'Oublié ']) {
      expect(searchWiki(sections, query).map((hit) => hit.anchor)).toEqual(['mot-de-passe-oublie']);
    }
    expect(searchWiki(sections, 'vehicule utilitaire')[0].articleId).toBe('submit_trip');
  });

  it('finds other forms of a word, by its French stem', () => {
    const refund: WikiSearchSection = { ...sections[2], anchor: 'annuler', heading: 'Annuler', text: 'Les passagers sont prévenus et remboursés. Le remboursement suit la politique.' };
    for (const query of ['rembourser', 'rembourse', 'remboursé', 'remboursements']) {
      expect(searchWiki([refund], query).map((hit) => hit.anchor), query).toEqual(['annuler']);
    }
    const [hit] = searchWiki([refund], 'rembourser');
    expect(hit.highlights.map(([s, e]) => hit.snippet.slice(s, e))).toEqual(['remboursés', 'remboursement']);
    expect(searchWiki(sections, 'trajets').map((hit) => hit.articleId)).toEqual(['submit_trip', 'chats']);
    // A word being typed still finds its ends, but only from a word's start.
    expect(searchWiki(sections, 'tempo')).toHaveLength(1);
    expect(searchWiki(sections, 'mporaire')).toHaveLength(0);
  });

  it('needs every word of the query, in any order', () => {
    expect(searchWiki(sections, 'passe temporaire')).toHaveLength(1);
    expect(searchWiki(sections, 'passe conducteur')).toHaveLength(0);
  });

  it('ranks a match in a title above a match in the text', () => {
    const hits = searchWiki(sections, 'trajet');
    expect(hits.map((hit) => hit.articleId)).toEqual(['submit_trip', 'chats']);
  });

  it('highlights the matched words in the snippet, on the original accented text', () => {
    const [hit] = searchWiki(sections, 'vehicule');
    const [start, end] = hit.highlights[0];
    expect(hit.snippet.slice(start, end)).toBe('Véhicule');
    const [chats] = searchWiki(sections, "l'administrateur");
    expect(chats.highlights.map(([s, e]) => chats.snippet.slice(s, e))).toContain('administrateur');
  });

  it('cuts long texts into a snippet around the first match, at word boundaries', () => {
    const long: WikiSearchSection = { ...sections[0], text: `${'Lorem ipsum dolor sit amet. '.repeat(20)}Le bonus du premier trajet. ${'Fin du texte ici. '.repeat(20)}` };
    const [hit] = searchWiki([long], 'bonus');
    expect(hit.snippet.startsWith('… ')).toBe(true);
    expect(hit.snippet.endsWith(' …')).toBe(true);
    expect(hit.snippet).toContain('bonus du premier trajet');
    expect(hit.snippet.length).toBeLessThanOrEqual(170);
  });

  it('finds nothing for an empty or punctuation-only query', () => {
    expect(searchWiki(sections, '   ')).toEqual([]);
    expect(searchWiki(sections, '?!')).toEqual([]);
    expect(searchTerms(' Mot-de-passe ')).toEqual(['mot', 'de', 'passe']);
  });
});

describe('articles', () => {
  it('takes ids of lower case letters, digits, - and _, as addresses', () => {
    for (const id of ['chats', 'search_trip', 'mode-hors-ligne', 'v2']) expect(isWikiArticleId(id), id).toBe(true);
    for (const id of ['a', 'Chats', 'é-t-é', '-debut', 'a/b', 'a b', '<script>', 'x'.repeat(49)]) expect(isWikiArticleId(id), id).toBe(false);
    expect(isWikiArticleId(undefined)).toBe(false);
  });

  it('finds the articles around one in the menu', () => {
    const menu = ['home', 'search_trip', 'chats'].map((id) => ({ id, title: id, description: '' }));
    expect(wikiNeighbours(menu, 'home')).toEqual({ previous: undefined, next: menu[1] });
    expect(wikiNeighbours(menu, 'chats')).toEqual({ previous: menu[1], next: undefined });
    expect(wikiNeighbours(menu, 'hidden')).toEqual({});
  });

  it('asks for an image’s alternative text, and keeps it one image in the Markdown', () => {
    expect(wikiAltProblem('  ')).toBe(wikiMessages.altMissing);
    expect(wikiAltProblem('x'.repeat(301))).toBe(wikiMessages.altTooLong);
    expect(wikiAltProblem('Le bouton Publier')).toBeNull();
    expect(wikiImageMarkdown(' Le [bouton]\n Publier ', '/api/wiki/images/a.webp')).toBe('![Le \\[bouton\\] Publier](/api/wiki/images/a.webp)');
  });

  it('accepts only uuid visitor ids', () => {
    expect(isVisitorId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isVisitorId('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isVisitorId('moi')).toBe(false);
  });
});
