import { Lexer, Marked, type Token, type Tokens } from 'marked';
import { escapeHtml } from '../../platform/mail/escape';

// Mail apps drop <style> blocks unevenly, so every element carries its style inline, in the
// colours of the mail layout (src/server/platform/mail/layout.ts).
const STYLE = {
  p: 'margin:0 0 16px;',
  h1: 'margin:24px 0 12px;font-size:22px;line-height:1.3;color:#0b3d91;',
  h2: 'margin:24px 0 12px;font-size:20px;line-height:1.3;color:#0b3d91;',
  h3: 'margin:20px 0 8px;font-size:18px;line-height:1.3;color:#1a2233;',
  list: 'margin:0 0 16px;padding-left:24px;',
  a: 'color:#0b3d91;text-decoration:underline;font-weight:600;',
  img: 'display:block;max-width:100%;height:auto;margin:0 0 16px;border:0;border-radius:10px;',
  blockquote: 'margin:0 0 16px;padding:16px 16px 0;border-left:4px solid #ff7a1a;background:#fff4eb;border-radius:0 10px 10px 0;',
  pre: 'margin:0 0 16px;padding:12px 16px;background:#f5f7fc;border-radius:10px;overflow-x:auto;font-family:Menlo,Consolas,monospace;font-size:14px;line-height:1.5;',
  code: 'padding:1px 5px;background:#f5f7fc;border-radius:4px;font-family:Menlo,Consolas,monospace;font-size:0.9em;',
  hr: 'margin:24px 0;border:0;border-top:1px solid #dde3f0;',
} as const;

const attribute = (value: string) => escapeHtml(value);

// The admin is trusted: raw HTML in the Markdown passes through, as Markdown allows.
const emailMarked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const tag = `h${Math.min(depth, 3)}` as 'h1' | 'h2' | 'h3';
      return `<${tag} style="${STYLE[tag]}">${this.parser.parseInline(tokens)}</${tag}>\n`;
    },
    paragraph({ tokens }) {
      return `<p style="${STYLE.p}">${this.parser.parseInline(tokens)}</p>\n`;
    },
    list(token) {
      const tag = token.ordered ? 'ol' : 'ul';
      const start = token.ordered && token.start !== 1 && token.start !== '' ? ` start="${Number(token.start)}"` : '';
      return `<${tag}${start} style="${STYLE.list}">\n${token.items.map((item) => this.listitem(item)).join('')}</${tag}>\n`;
    },
    link({ href, title, tokens }) {
      const titleAttribute = title ? ` title="${attribute(title)}"` : '';
      return `<a href="${attribute(href)}"${titleAttribute} style="${STYLE.a}">${this.parser.parseInline(tokens)}</a>`;
    },
    image({ href, title, text }) {
      const titleAttribute = title ? ` title="${attribute(title)}"` : '';
      return `<img src="${attribute(href)}" alt="${attribute(text)}"${titleAttribute} style="${STYLE.img}">`;
    },
    blockquote({ tokens }) {
      return `<blockquote style="${STYLE.blockquote}">\n${this.parser.parse(tokens)}</blockquote>\n`;
    },
    code({ text }) {
      return `<pre style="${STYLE.pre}"><code>${escapeHtml(text)}</code></pre>\n`;
    },
    codespan({ text }) {
      return `<code style="${STYLE.code}">${escapeHtml(text)}</code>`;
    },
    hr() {
      return `<hr style="${STYLE.hr}">\n`;
    },
  },
});

/** The newsletter's Markdown as e-mail HTML, styled inline. */
export function markdownToEmailHtml(markdown: string): string {
  return emailMarked.parse(markdown, { async: false });
}

/**
 * The same Markdown as readable plain text, for the text/plain part: links spelled out,
 * lists with dashes, quotes with '>', and no markup left.
 */
export function markdownToText(markdown: string): string {
  return blocks(new Lexer({ gfm: true }).lex(markdown)).trim();
}

function blocks(tokens: Token[], separator = '\n\n'): string {
  return tokens
    .map(block)
    .filter((text) => text !== '')
    .join(separator);
}

function block(token: Token): string {
  switch (token.type) {
    case 'heading': {
      const text = inline(token.tokens ?? []);
      const { depth } = token as Tokens.Heading;
      return depth <= 2 ? `${text}\n${(depth === 1 ? '=' : '-').repeat(Math.max(3, [...text].length))}` : text;
    }
    case 'paragraph':
      return inline(token.tokens ?? []);
    case 'text':
      return token.tokens ? inline(token.tokens) : decodeEntities(token.text);
    case 'list':
      return listText(token as Tokens.List);
    case 'blockquote':
      return blocks(token.tokens ?? [])
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'code':
      return (token as Tokens.Code).text
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
    case 'hr':
      return '------------------------------';
    case 'table': {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens)).join(' | ');
      return [row(table.header), ...table.rows.map(row)].join('\n');
    }
    case 'html':
      return stripTags(token.text).trim();
    default:
      return '';
  }
}

function listText(list: Tokens.List): string {
  const first = typeof list.start === 'number' ? list.start : 1;
  return list.items
    .map((item, index) => {
      const marker = list.ordered ? `${first + index}. ` : '- ';
      const checkbox = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
      // A tight list keeps its nested lists right under the item; a loose one spaces them.
      const body = blocks(
        item.tokens.filter((token) => token.type !== 'checkbox'),
        item.loose ? '\n\n' : '\n',
      );
      // Continuation lines (nested lists, second paragraphs) line up under the text.
      const indent = ' '.repeat(marker.length);
      return marker + checkbox + body.replace(/\n(?=.)/g, `\n${indent}`);
    })
    .join('\n');
}

function inline(tokens: Token[]): string {
  return tokens.map(inlineToken).join('');
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case 'text':
      return token.tokens ? inline(token.tokens) : decodeEntities(token.text);
    case 'escape':
      return token.text;
    case 'strong':
    case 'em':
    case 'del':
      return inline(token.tokens ?? []);
    case 'codespan':
      return token.text;
    case 'br':
      return '\n';
    case 'link': {
      const { href, tokens } = token as Tokens.Link;
      const label = inline(tokens);
      const target = href.startsWith('mailto:') ? href.slice('mailto:'.length) : href;
      return label === href || label === target ? target : `${label} (${target})`;
    }
    case 'image':
      return token.text ? `[${decodeEntities(token.text)}]` : '';
    case 'html':
      return /^<br\s*\/?>$/i.test(token.text) ? '\n' : '';
    default:
      return 'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : '';
  }
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''));
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
