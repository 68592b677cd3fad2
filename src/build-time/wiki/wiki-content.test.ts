import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalDocumentPath, LEGAL_DOCUMENTS } from '../../shared/legal';
import { defaultPublicConfig } from '../../shared/public-config';
import { isClientPath } from '../../shared/routes';
import { foldForSearch, WIKI_ARTICLE_IDS } from '../../shared/wiki';
import { readMarkdownSource } from '../../shared/markdown-source';
import { renderTextDocument } from '../../shared/texts-markdown';

// The help articles under content/wiki, read and rendered as the build does.
const variables = { ...defaultPublicConfig };
function load(file: string) {
  const { meta, body } = readMarkdownSource(fs.readFileSync(path.resolve(file), 'utf8'), variables, ['title', 'description'], file);
  return { meta, ...renderTextDocument(body) };
}
const articles = Object.fromEntries(WIKI_ARTICLE_IDS.map((id) => [id, load(`content/wiki/${id}.md`)]));
const privacy = load('content/privacy-policy.md');
const plain = (text: string) => foldForSearch(text.replace(/\u00a0/g, ' '));
const allText = plain(Object.values(articles).flatMap((article) => article.sections.map((section) => `${section.heading} ${section.text}`)).join(' '));

describe('wiki content', () => {
  it('has the seven articles, each with its own title and a description that fits a search result', () => {
    const titles = Object.values(articles).map((article) => article.meta.title);
    expect(new Set(titles).size).toBe(7);
    for (const article of Object.values(articles)) {
      expect(article.meta.description.length).toBeGreaterThan(50);
      expect(article.meta.description.length).toBeLessThanOrEqual(170);
      expect(article.sections.length).toBeGreaterThan(3);
    }
  });

  it('states the facts of spec §2 and §9', () => {
    expect(allText).toContain('de 1 a 7 places');
    expect(allText).toMatch(/une voiture ou un utilitaire/);
    expect(allText).toMatch(/5 € au maximum, a la hausse ou a la baisse/);
    expect(allText).toMatch(/administrateur/);
    expect(allText).toMatch(/conducteur/);
  });

  it.each([
    ['create_account', "Aucun compte n'existe avec cette adresse mail"],
    ['create_account', 'Mot de passe incorrect'],
    ['create_account', 'Remplis tous les champs'],
    ['create_account', "Ce nom d'utilisateur n'est pas disponible"],
    ['create_account', 'Cette adresse mail est déjà utilisée'],
    ['create_account', 'Cette adresse mail est invalide'],
    ['create_account', 'Ce mot de passe ne convient pas'],
    ['submit_trip', 'Des champs sont manquants'],
    ['submit_trip', "Impossible de lier l'événement"],
  ] as const)('explains the error « %s » in %s and what to do about it', (id, message) => {
    const section = articles[id].sections.find((candidate) => plain(candidate.heading).includes(plain(message)));
    expect(section, message).toBeDefined();
    expect(section!.text.length).toBeGreaterThan(80);
  });

  it('links only to pages, documents and sections that exist', () => {
    const anchorsOf = (pathname: string) => {
      if (pathname === '/calshare/privacy_policy') return privacy.headings.map((heading) => heading.id);
      const id = pathname.split('/').pop() as (typeof WIKI_ARTICLE_IDS)[number];
      return articles[id]?.headings.map((heading) => heading.id) ?? [];
    };
    const pdfs = LEGAL_DOCUMENTS.map(({ slug }) => legalDocumentPath(slug));
    for (const [id, article] of Object.entries(articles)) {
      for (const [, href] of article.html.matchAll(/href="([^"]+)"/g)) {
        if (href.startsWith('mailto:') || href.startsWith('https://')) continue;
        const url = new URL(href, `https://site.example/calshare/wiki/${id}`);
        expect(isClientPath(url.pathname) || pdfs.includes(url.pathname), `${id}: ${href}`).toBe(true);
        if (url.hash) expect(anchorsOf(url.pathname), `${id}: ${href}`).toContain(url.hash.slice(1));
      }
    }
  });
});
