import { Marked, type Token, type Tokens } from 'marked';
import PDFDocument from 'pdfkit';
import { drawableInPdf } from '../../../shared/texts';
import { LINK_SCHEMES } from '../../../shared/texts-markdown';

/**
 * The footer's legal documents as PDF (PRODUCT.md "Legal documents"), drawn by the server
 * from their published French Markdown with pdfkit's built-in Helvetica: no font file to ship, and
 * French text fits its WinAnsi character set (accents, œ, €, « », ’).
 */
interface LegalPdfInput {
  title: string;
  /** 'Applicable à compter du …' date, as written in the front matter. */
  applicable: string;
  projectName: string;
  /** Site address, to make the Markdown's site-relative links absolute. */
  publicUrl: string;
  /** Markdown body, placeholders already filled. */
  body: string;
  /** Tests turn compression off to read the text back. */
  compress?: boolean;
}

const COLORS = { text: '#1b2333', heading: '#0b1f4d', muted: '#4f5b6e', link: '#0b3d91', accent: '#c2410c', rule: '#d5dbe6' };
const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique' };
const MARGIN = 64;
const BODY_SIZE = 10.5;

/**
 * French typography's thin spaces become no-break spaces; any other character the standard
 * fonts cannot draw becomes '?', rather than garbage or no PDF at all (a publication refuses
 * them, shared/texts.ts: this is for a version published before that rule).
 */
export function toWinAnsi(text: string): string {
  const result = text.replace(/[\u202f\u2009\u2007]/g, '\u00a0').replace(/\u2011/g, '-');
  let drawable = '';
  for (const char of result) {
    if (char === '\t') drawable += ' ';
    else if (char !== '\r') drawable += drawableInPdf(char) ? char : '?';
  }
  return drawable;
}

/**
 * Where a Markdown link leads in the PDF, or undefined to draw it as plain text. The site's own
 * paths are made absolute, so they work from a downloaded file; other addresses need a scheme
 * the pages allow too. Anything else ('javascript:', 'file:', a Windows share '\\host\share')
 * could run a script in a PDF reader or hand the reader's Windows credentials to another machine.
 */
function linkTarget(href: string, publicUrl: string): string | undefined {
  if (/^\/(?![/\\])/.test(href)) return `${publicUrl}${href}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1].toLowerCase();
  return scheme && LINK_SCHEMES.includes(scheme) ? href : undefined;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
}

export async function renderLegalPdf(input: LegalPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: input.compress ?? true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: input.title, Author: input.projectName, Subject: input.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;

  function runsOf(tokens: Token[] | undefined, style: { bold: boolean; italic: boolean; link?: string }): Run[] {
    const runs: Run[] = [];
    for (const token of tokens ?? []) {
      switch (token.type) {
        case 'strong':
          runs.push(...runsOf((token as Tokens.Strong).tokens, { ...style, bold: true }));
          break;
        case 'em':
          runs.push(...runsOf((token as Tokens.Em).tokens, { ...style, italic: true }));
          break;
        case 'link':
          runs.push(...runsOf((token as Tokens.Link).tokens, { ...style, link: linkTarget((token as Tokens.Link).href, input.publicUrl) }));
          break;
        case 'text':
          if ('tokens' in token && token.tokens) runs.push(...runsOf(token.tokens, style));
          else runs.push({ text: (token as Tokens.Text).text, ...style });
          break;
        case 'br':
          runs.push({ text: '\n', ...style });
          break;
        default:
          runs.push({ text: 'text' in token ? String(token.text) : token.raw, ...style });
      }
    }
    return runs;
  }

  function fontFor(run: Run) {
    if (run.bold && run.italic) return FONTS.boldItalic;
    if (run.bold) return FONTS.bold;
    return run.italic ? FONTS.italic : FONTS.regular;
  }

  /** Writes inline runs as one paragraph, at x with the given width. */
  function writeRuns(runs: Run[], x: number, paragraphWidth: number, size = BODY_SIZE, color = COLORS.text) {
    const pieces = runs.filter((run) => run.text !== '');
    if (pieces.length === 0) return;
    const y = doc.y;
    pieces.forEach((run, index) => {
      doc
        .font(fontFor(run))
        .fontSize(size)
        .fillColor(run.link ? COLORS.link : color);
      const options = {
        width: paragraphWidth,
        lineGap: 3,
        continued: index < pieces.length - 1,
        link: run.link ?? null,
        underline: Boolean(run.link),
      };
      if (index === 0) doc.text(toWinAnsi(run.text), x, y, options);
      else doc.text(toWinAnsi(run.text), options);
    });
  }

  function ensureRoom(height: number) {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  }

  function writeList(list: Tokens.List, indent: number) {
    list.items.forEach((item, index) => {
      const marker = list.ordered ? `${Number(list.start || 1) + index}.` : '•';
      ensureRoom(BODY_SIZE * 2);
      const y = doc.y;
      doc.font(FONTS.bold).fontSize(BODY_SIZE).fillColor(COLORS.accent).text(marker, MARGIN + indent, y, { width: 18, lineBreak: false });
      doc.y = y;
      for (const child of item.tokens) {
        if (child.type === 'list') writeList(child as Tokens.List, indent + 18);
        else if (child.type === 'text' || child.type === 'paragraph') {
          writeRuns(runsOf((child as Tokens.Text).tokens ?? [child], { bold: false, italic: false }), MARGIN + indent + 18, width - indent - 18);
        }
      }
      doc.moveDown(0.3);
    });
  }

  function writeTable(table: Tokens.Table) {
    const columns = table.header.length;
    const columnWidth = width / columns;
    const rows = [table.header, ...table.rows];
    rows.forEach((row, rowIndex) => {
      const header = rowIndex === 0;
      const heights = row.map((cell) =>
        doc.font(header ? FONTS.bold : FONTS.regular).fontSize(BODY_SIZE - 1).heightOfString(toWinAnsi(plain(cell.tokens)), { width: columnWidth - 12, lineGap: 2 }),
      );
      const rowHeight = Math.max(...heights) + 10;
      ensureRoom(rowHeight);
      const top = doc.y;
      if (header) doc.rect(MARGIN, top, width, rowHeight).fill('#e8effb');
      row.forEach((cell, column) => {
        doc.y = top + 5;
        writeRuns(runsOf(cell.tokens, { bold: header, italic: false }), MARGIN + column * columnWidth + 6, columnWidth - 12, BODY_SIZE - 1);
      });
      doc.moveTo(MARGIN, top + rowHeight).lineTo(MARGIN + width, top + rowHeight).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      doc.x = MARGIN;
      doc.y = top + rowHeight;
    });
    doc.moveDown(0.8);
  }

  function plain(tokens: Token[]): string {
    return runsOf(tokens, { bold: false, italic: false })
      .map((run) => run.text)
      .join('');
  }

  // Title block.
  doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.accent).text(toWinAnsi(input.projectName.toUpperCase()), { characterSpacing: 1 });
  doc.moveDown(0.4);
  doc.font(FONTS.bold).fontSize(22).fillColor(COLORS.heading).text(toWinAnsi(input.title));
  doc.moveDown(0.3);
  doc.font(FONTS.regular).fontSize(BODY_SIZE).fillColor(COLORS.muted).text(toWinAnsi(`Applicable à compter du ${input.applicable}`));
  doc.moveDown(0.6);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(2).strokeColor('#ff7a1a').stroke();
  doc.moveDown(1);

  for (const token of new Marked({ gfm: true }).lexer(input.body)) {
    doc.x = MARGIN;
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        const size = heading.depth <= 2 ? 14 : 12;
        ensureRoom(size * 4);
        doc.moveDown(heading.depth <= 2 ? 0.8 : 0.4);
        writeRuns(runsOf(heading.tokens, { bold: true, italic: false }), MARGIN, width, size, COLORS.heading);
        doc.moveDown(0.4);
        break;
      }
      case 'paragraph':
        writeRuns(runsOf((token as Tokens.Paragraph).tokens, { bold: false, italic: false }), MARGIN, width);
        doc.moveDown(0.7);
        break;
      case 'list':
        writeList(token as Tokens.List, 0);
        doc.moveDown(0.5);
        break;
      case 'table':
        writeTable(token as Tokens.Table);
        break;
      case 'blockquote':
        writeRuns(runsOf((token as Tokens.Blockquote).tokens.flatMap((child) => ('tokens' in child && child.tokens) || []), { bold: false, italic: true }), MARGIN + 16, width - 16, BODY_SIZE, COLORS.muted);
        doc.moveDown(0.7);
        break;
      case 'hr':
        doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
        doc.moveDown(0.7);
        break;
      case 'space':
        break;
      default:
        // What a legal document has no use for (a code block, raw HTML) is printed as the text it is.
        writeRuns([{ text: token.raw.trim(), bold: false, italic: false }], MARGIN, width);
        doc.moveDown(0.7);
    }
  }

  // Footer on every page: written with the bottom margin lifted, or pdfkit would add a page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONTS.regular)
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(toWinAnsi(`${input.projectName} · ${input.title} · page ${index + 1} sur ${range.count}`), MARGIN, doc.page.height - 40, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  return finished;
}
