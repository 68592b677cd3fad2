import { describe, expect, it } from 'vitest';
import { checkPlaces, fillPage, type PagePart } from './page-parts';

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
});
