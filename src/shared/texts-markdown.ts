import { Marked, Renderer, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { wikiImageSize } from './wiki-images';

/**
 * The site's texts from Markdown to HTML: the one renderer of the build (the pages made from
 * content/), of the server (the published texts visitors get) and of the editor's preview, so
 * a page reads the same whether built, served or previewed. Headings get stable anchors and
 * link to themselves, tables a scrolling box, and each section's plain text is kept for the
 * wiki's search.
 *
 * Two locks, since an editor's account can be stolen: raw HTML in the Markdown is shown as
 * text, never passed on; and what marked writes goes through sanitize-html, which keeps only
 * the tags and attributes this renderer makes, and links to the site's own pages and to
 * LINK_SCHEMES. Links to other sites get rel="noopener noreferrer".
 */

/**
 * The schemes a text's links may use besides the site's own addresses, in its page and in its
 * PDF alike (server/capabilities/texts/legal-pdf.ts): javascript:, data:, file: and the rest
 * are refused, and so is '//host', which leaves the site without naming a scheme.
 */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/**
 * Every heading's id starts with this, and none of the page's own ids does (the wiki's menu
 * data, the skip link's target, the menus' lists): an editor's heading can never take one of
 * them over, whatever its words. 's' for section, short so that a section's address stays
 * readable ('#s-11-contact').
 */
const HEADING_ID_PREFIX = 's-';

export interface TextHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}

interface TextSection {
  /** '' for the text before the first heading. */
  anchor: string;
  heading: string;
  text: string;
}

interface RenderedText {
  html: string;
  headings: TextHeading[];
  sections: TextSection[];
}

interface TextRenderOptions {
  /** The site's own address (PUBLIC_URL): absolute links to it are not external. */
  siteOrigin?: string;
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

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** '7.1 Droit d'accès' → '7-1-droit-d-acces': readable, accent-free, stable from one publication to the next. */
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

/** The tags sanitize-html keeps: those this renderer writes, and no other. */
export const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input', 'div',
];

/** An address on another site: absolute, and not on `siteOrigin`. */
function isExternal(href: string, siteOrigin?: string): boolean {
  if (!/^https?:\/\//i.test(href) && !href.startsWith('//')) return false;
  if (!siteOrigin) return true;
  try {
    return new URL(href, siteOrigin).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The Markdown's HTML, as marked writes it with this site's headings and tables, not yet sanitised. */
function markedHtml(markdown: string, headings: TextHeading[]): string {
  const used = new Set<string>();
  const usedTableLabels = new Set<string>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      // Raw HTML (a block or an inline tag) is written out as the text it is.
      html: ({ text }) => escapeHtml(text),
      heading(this: Renderer, { tokens, depth: written }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        // The page's own title is its h1: a '#' in the text is a section; below '###', no anchor.
        if (written > 3) return `<h4>${inner}</h4>\n`;
        const depth = written === 1 ? 2 : (written as 2 | 3);
        const text = htmlToText(inner);
        const slug = `${HEADING_ID_PREFIX}${slugify(text)}`;
        let id = slug;
        for (let n = 2; used.has(id); n++) id = `${slug}-${n}`;
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
        const base = section ? `Tableau : ${section}` : 'Tableau';
        let label = base;
        for (let n = 2; usedTableLabels.has(label); n++) label = `${base} (${n})`;
        usedTableLabels.add(label);
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeAttribute(label)}">${table}</div>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

/** The attributes sanitize-html keeps, by tag: no event handler, no style. */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  h2: ['id'],
  h3: ['id'],
  a: ['href', 'title', 'rel', 'class'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  th: ['align'],
  td: ['align'],
  div: ['class', 'tabindex', 'role', 'aria-label'],
  // GitHub's task lists: a disabled checkbox.
  input: ['type', 'checked', 'disabled'],
  ol: ['start'],
};

/** The second lock: HTML cut down to what this renderer writes, whatever wrote it. */
export function sanitizeTextHtml(html: string, siteOrigin?: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { a: ['heading-link'], div: ['table-scroll'] },
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'escape',
    transformTags: {
      a: (tagName, attribs) => {
        const { rel: _ignored, ...rest } = attribs;
        // A link to a section written as its heading's words ('#11-contact', as texts were
        // written before the prefix) goes to the prefixed id the heading has.
        if (rest.href?.startsWith('#') && rest.href.length > 1 && !rest.href.startsWith(`#${HEADING_ID_PREFIX}`)) rest.href = `#${HEADING_ID_PREFIX}${rest.href.slice(1)}`;
        return { tagName, attribs: isExternal(rest.href ?? '', siteOrigin) ? { ...rest, rel: 'noopener noreferrer' } : rest };
      },
      input: (tagName, attribs) => ({ tagName, attribs: attribs.type === 'checkbox' ? { ...attribs, disabled: '' } : {} }),
      // Only the site's own screenshots: any other image is left as its description.
      img: (tagName, attribs) => {
        const size = wikiImageSize(attribs.src ?? '');
        return size ? { tagName, attribs: { ...attribs, ...size, loading: 'lazy' } } : { tagName: 'em', attribs: {}, text: attribs.alt ?? '' };
      },
    },
  });
}

function splitSections(html: string, headings: TextHeading[]): TextSection[] {
  const starts = headings.map((heading) => ({ heading, at: html.indexOf(`<h${heading.depth} id="${heading.id}">`) }));
  const sections: TextSection[] = [];
  const intro = htmlToText(html.slice(0, starts[0]?.at ?? html.length));
  if (intro) sections.push({ anchor: '', heading: '', text: intro });
  starts.forEach(({ heading, at }, index) => {
    const end = starts[index + 1]?.at ?? html.length;
    const content = html.slice(at, end).replace(/^<h[23][^>]*>[\s\S]*?<\/h[23]>/, '');
    sections.push({ anchor: heading.id, heading: heading.text, text: htmlToText(content) });
  });
  return sections;
}

/** A text's Markdown (placeholders already filled) as its page shows it, with its headings and sections. */
export function renderTextDocument(markdown: string, { siteOrigin }: TextRenderOptions = {}): RenderedText {
  const headings: TextHeading[] = [];
  const html = sanitizeTextHtml(markedHtml(markdown, headings), siteOrigin);
  return { html, headings, sections: splitSections(html, headings) };
}

export const renderTextMarkdown = (markdown: string, options: TextRenderOptions = {}): string => renderTextDocument(markdown, options).html;
