import { describe, expect, it } from 'vitest';
import { checkPlaces, fillPage, withPageMeta, type PagePart } from './page-parts';

const part = (name: string, html: string): PagePart => ({ path: '/vote', name, topics: ['sports'], render: async () => html });

describe('parts of a prerendered page written by the server', () => {
  it('writes each part into its place, even a part whose HTML holds $ patterns', async () => {
    const page = '<main><noscript><div data-server-part="a"></div><div data-server-part="b"></div></noscript></main>';
    await expect(fillPage(page, [part('a', '<p>1 $&</p>'), part('b', '<p>2</p>')])).resolves.toBe(
      '<main><noscript><div data-server-part="a"><p>1 $&</p></div><div data-server-part="b"><p>2</p></div></noscript></main>',
    );
  });

  it('refuses at start-up a page built without the place of one of its parts', () => {
    expect(() => checkPlaces('<main></main>', [part('sports', '')])).toThrow('/vote was built without <div data-server-part="sports"></div>');
    expect(() => checkPlaces('<div data-server-part="sports"></div>', [part('sports', '')])).not.toThrow();
  });

  it('keeps the classes of a place', async () => {
    const page = '<div data-server-part="a" class="prose legal"></div>';
    expect(() => checkPlaces(page, [part('a', '')])).not.toThrow();
    await expect(fillPage(page, [part('a', '<p>x</p>')])).resolves.toBe('<div data-server-part="a" class="prose legal"><p>x</p></div>');
  });

  it('writes a part into a span among words, a heading’s text, as into a div', async () => {
    const page = '<h2><span data-server-part="a"></span></h2><div data-server-part="b"></div>';
    expect(() => checkPlaces(page, [part('a', ''), part('b', '')])).not.toThrow();
    await expect(fillPage(page, [part('a', 'Le mot'), part('b', '<p>x</p>')])).resolves.toBe('<h2><span data-server-part="a">Le mot</span></h2><div data-server-part="b"><p>x</p></div>');
  });

  it('writes the page’s title and description from the database over the build’s, escaped', async () => {
    const page =
      '<head><title>Politique · Unissons</title><meta name="description" content="Ancienne"/><meta property="og:title" content="Politique · Unissons"/><meta property="og:description" content="Ancienne"/></head><div data-server-part="a"></div>';
    const withHead: PagePart = { ...part('a', '<p>x</p>'), head: async () => ({ title: 'Nouvelle « politique » · Unissons', description: 'Données & "droits" <ici>', url: 'https://unissons.fr/politique' }) };
    const filled = await fillPage(page, [withHead]);
    expect(filled).toContain('<title>Nouvelle « politique » · Unissons</title>');
    expect(filled).toContain('<meta name="description" content="Données &amp; &quot;droits&quot; &lt;ici&gt;"/>');
    expect(filled).toContain('<meta property="og:title" content="Nouvelle « politique » · Unissons"/>');
    expect(filled).toContain('<meta property="og:description" content="Données &amp; &quot;droits&quot; &lt;ici&gt;"/>');
  });

  it('writes a page’s title, description and addresses over the build’s, escaped', () => {
    const built =
      '<head><title>Aide · Site</title><meta name="description" content="Le wiki"/><link rel="canonical" href="https://site.fr/calshare/wiki/home"/>' +
      '<meta property="og:title" content="Aide · Site"/><meta property="og:description" content="Le wiki"/><meta property="og:url" content="https://site.fr/calshare/wiki/home"/></head>';
    const meta = { title: '<img src=x onerror=alert(1)> & "co" · Site', description: "L'aide $& <b>", url: 'https://site.fr/calshare/wiki/neuf' };
    expect(withPageMeta(built, meta)).toBe(
      '<head><title>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot; · Site</title><meta name="description" content="L&#x27;aide $&amp; &lt;b&gt;"/><link rel="canonical" href="https://site.fr/calshare/wiki/neuf"/>' +
        '<meta property="og:title" content="&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot; · Site"/><meta property="og:description" content="L&#x27;aide $&amp; &lt;b&gt;"/><meta property="og:url" content="https://site.fr/calshare/wiki/neuf"/></head>',
    );
  });
});
