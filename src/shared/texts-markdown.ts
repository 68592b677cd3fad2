import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The edited texts' Markdown to HTML, the same on the server (the pages visitors get) and in
 * the editor's preview. Two locks, since an editor's account can be stolen: raw HTML in the
 * Markdown is shown as text, never passed on; and what marked writes goes through
 * sanitize-html, which keeps only the tags and attributes Markdown makes, and links to http,
 * https, mailto and tel. Links to other sites get rel="noopener noreferrer".
 */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML (a block or an inline tag) is written out as the text it is.
    html: ({ text }) => escapeHtml(text),
  },
});

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input',
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

export interface TextRenderOptions {
  /** The site's own address (PUBLIC_URL): absolute links to it are not external. */
  siteOrigin?: string;
}

export function renderTextMarkdown(markdown: string, { siteOrigin }: TextRenderOptions = {}): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title'],
      th: ['align'],
      td: ['align'],
      // GitHub's task lists: a disabled checkbox.
      input: ['type', 'checked', 'disabled'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'escape',
    transformTags: {
      a: (tagName, attribs) => {
        const { rel: _ignored, ...rest } = attribs;
        return { tagName, attribs: isExternal(rest.href ?? '', siteOrigin) ? { ...rest, rel: 'noopener noreferrer' } : rest };
      },
      input: (tagName, attribs) => ({ tagName, attribs: attribs.type === 'checkbox' ? { ...attribs, disabled: '' } : {} }),
    },
  });
}
