import type { TextHeading } from './texts-markdown';

/**
 * The published texts visitors read in pages (the wiki's articles apart): the privacy policy,
 * the founders' message on the home page and the legal notice's free text. The server writes
 * them into the prerendered pages (page parts) and answers GET /api/texts/:id with the same
 * rendering, which the page shows after a navigation inside the site: the functions below make
 * the HTML of both, so a page reads the same either way.
 */

export const TEXT_PAGES = {
  'privacy-policy': '/calshare/privacy_policy',
  'founders-message': '/',
  'legal-notice': '/mentions-legales',
} as const;
export type TextPageId = keyof typeof TEXT_PAGES;
export const TEXT_PAGE_IDS = Object.keys(TEXT_PAGES) as TextPageId[];
export const isTextPageId = (id: string): id is TextPageId => Object.hasOwn(TEXT_PAGES, id);

/** GET /api/texts/:id: a published text as its page shows it, placeholders filled, Markdown rendered and sanitised. */
export interface PublishedText {
  id: TextPageId;
  version: number;
  title: string;
  description: string;
  applicable: string;
  html: string;
  headings: TextHeading[];
}

/** The places of the pages the server fills with a published text. */
export const TEXT_PARTS = {
  privacyPolicyHeading: 'privacy-policy-heading',
  privacyPolicyContents: 'privacy-policy-contents',
  privacyPolicyBody: 'privacy-policy-body',
  foundersMessageTitle: 'founders-message-title',
  foundersMessage: 'founders-message',
  legalNoticeText: 'legal-notice-text',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/** The privacy policy's title and the date it applies from. */
export function privacyPolicyHeadingHtml(text: PublishedText): string {
  const applicable = text.applicable ? `<p class="legal-page__date">Applicable à compter du ${escapeText(text.applicable.replace(/ /g, '\u00a0'))}</p>` : '';
  return `<h1>${escapeText(text.title)}</h1>${applicable}`;
}

/** The policy's sections (##) with their sub-sections (###): its table of contents. */
export function tableOfContentsHtml(headings: readonly TextHeading[]): string {
  const entries: { heading: TextHeading; children: TextHeading[] }[] = [];
  for (const heading of headings) {
    if (heading.depth === 2) entries.push({ heading, children: [] });
    else entries.at(-1)?.children.push(heading);
  }
  const item = (heading: TextHeading, inner = '') => `<li><a href="#${escapeText(heading.id)}">${escapeText(heading.text)}</a>${inner}</li>`;
  const list = (items: string[]) => `<ol role="list">${items.join('')}</ol>`;
  return list(entries.map(({ heading, children }) => item(heading, children.length > 0 ? list(children.map((child) => item(child))) : '')));
}

/** A text's title, as the words of the heading above it (the founders' message's section). */
export const textTitleHtml = (text: PublishedText) => escapeText(text.title);

/** A text's body: the renderer's sanitised HTML. */
export const textBodyHtml = (text: PublishedText) => text.html;

