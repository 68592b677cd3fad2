import { Marked, Renderer, type Tokens } from 'marked';

/**
 * Markdown to HTML for the wiki and the privacy policy, run at build time only (the
 * browser never downloads a Markdown parser). Headings get stable anchors, tables a
 * scrolling box, and each section's plain text is kept for the wiki search.
 */
interface MarkdownHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}

interface MarkdownSection {
  /** '' for the text before the first heading. */
  anchor: string;
  heading: string;
  text: string;
}

interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
  sections: MarkdownSection[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG = /<\/?(?:p|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|blockquote|div|br|hr|pre)\b[^>]*>/gi;

/** Text as a reader sees it: blocks apart, inline tags removed, entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAG, ' ').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** '7.1 Droit d'accès' → '7-1-droit-d-acces': readable, accent-free, stable across builds. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export function renderMarkdown(body: string, file = 'markdown'): RenderedMarkdown {
  const headings: MarkdownHeading[] = [];
  const used = new Set<string>();
  const usedTableLabels = new Set<string>();

  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: Renderer, { tokens, depth }: Tokens.Heading) {
        if (depth !== 2 && depth !== 3) throw new Error(`${file}: only ## and ### headings (the page title comes from the front matter)`);
        const inner = this.parser.parseInline(tokens);
        const text = htmlToText(inner);
        let id = slugify(text);
        for (let n = 2; used.has(id); n++) id = `${slugify(text)}-${n}`;
        used.add(id);
        headings.push({ depth, id, text });
        // The heading's text is its own link: screen readers hear the heading once, and
        // anyone can copy the address of a section.
        return `<h${depth} id="${id}"><a class="heading-link" href="#${id}">${inner}</a></h${depth}>\n`;
      },
      table(this: Renderer, token: Tokens.Table) {
        const table = Renderer.prototype.table.call(this, token);
        // A wide table scrolls in its own box at 360px; focusable so a keyboard can scroll it.
        // Each such region is a landmark, named after its section so that no two share a name.
        const section = headings.at(-1)?.text;
        let label = section ? `Tableau : ${section}` : 'Tableau';
        for (let n = 2; usedTableLabels.has(label); n++) label = `${section ? `Tableau : ${section}` : 'Tableau'} (${n})`;
        usedTableLabels.add(label);
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeAttribute(label)}">${table}</div>\n`;
      },
    },
  });

  const html = marked.parse(body, { async: false });
  return { html, headings, sections: splitSections(html, headings) };
}

function splitSections(html: string, headings: MarkdownHeading[]): MarkdownSection[] {
  const starts = headings.map((heading) => ({ heading, at: html.indexOf(`<h${heading.depth} id="${heading.id}">`) }));
  const sections: MarkdownSection[] = [];
  const intro = htmlToText(html.slice(0, starts[0]?.at ?? html.length));
  if (intro) sections.push({ anchor: '', heading: '', text: intro });
  starts.forEach(({ heading, at }, index) => {
    const end = starts[index + 1]?.at ?? html.length;
    const content = html.slice(at, end).replace(/^<h[23][^>]*>[\s\S]*?<\/h[23]>/, '');
    sections.push({ anchor: heading.id, heading: heading.text, text: htmlToText(content) });
  });
  return sections;
}
