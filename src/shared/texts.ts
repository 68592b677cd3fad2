/**
 * The site's texts that volunteers edit from /admin: the help wiki's articles, the privacy
 * policy, the founders' message on the home page, the legal notice's free text (under its
 * facts) and the three legal documents served as PDF.
 * Each text is Markdown; every published version is kept with its author and date, and each
 * editor has one draft per text, saved as they type. Shapes of /api/admin/texts and the rules
 * both sides apply.
 */

import { frenchSpacing } from './markdown-source';

export const TEXT_KINDS = ['wiki', 'privacy-policy', 'founders-message', 'legal-notice', 'legal-pdf'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** What /admin/textes shows for each kind. */
export const textKindLabels: Readonly<Record<TextKind, string>> = {
  wiki: 'Article du wiki',
  'privacy-policy': 'Politique de confidentialité',
  'founders-message': 'Mot des fondateurs',
  'legal-notice': 'Mentions légales (texte libre)',
  'legal-pdf': 'Document légal (PDF)',
};

/** A text's id: lower case letters, digits, '-' and '_' (the wiki's ids have '_'), as in its address. */
export const TEXT_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';

/** Limits, in characters (UTF-16 code units, as the editor counts them). */
export const TEXT_BODY_MAX_LENGTH = 200_000;
export const TEXT_TITLE_MAX_LENGTH = 200;
export const TEXT_DESCRIPTION_MAX_LENGTH = 500;
export const TEXT_APPLICABLE_MAX_LENGTH = 100;

/** What an editor writes: the same fields in a draft, a publication and a version. */
export interface TextContent {
  title: string;
  /** The page's summary (meta description, the wiki's index); '' when the page has none. */
  description: string;
  /** Legal texts: the date from which they apply, as written ('1er novembre 2023'); '' for the others. */
  applicable: string;
  /** Markdown. {appName}, {projectName}, {contactEmail} and {publicUrl} are filled when the page is made. */
  body: string;
}

export const textMessages = {
  titleMissing: 'Le titre est vide : donne un titre au texte.',
  titleTooLong: `Le titre est trop long : ${TEXT_TITLE_MAX_LENGTH} caractères au plus.`,
  descriptionTooLong: `Le résumé est trop long : ${TEXT_DESCRIPTION_MAX_LENGTH} caractères au plus.`,
  applicableTooLong: `La date d'application est trop longue : ${TEXT_APPLICABLE_MAX_LENGTH} caractères au plus.`,
  bodyTooLong: (length: number) =>
    `Le texte est trop long : ${length.toLocaleString('fr-FR')} caractères pour ${TEXT_BODY_MAX_LENGTH.toLocaleString('fr-FR')} au plus. Coupe-le en plusieurs articles.`,
  notFound: "Ce texte n'existe pas 🙁",
  versionNotFound: "Cette version du texte n'existe pas 🙁",
  conflict:
    "Quelqu'un a publié ce texte pendant que tu l'écrivais : sa version est affichée. Reprends tes modifications dessus, puis publie à nouveau.",
  unchanged: 'Rien à publier : le texte est le même que la version en ligne.',
  notInPdf: (character: string) =>
    `Le caractère « ${character} » ne peut pas s'écrire dans le document PDF (ses polices n'ont que les lettres, chiffres et signes du français) : remplace-le ou retire-le.`,
} as const;

// Beyond Latin-1, the only characters the PDFs' standard fonts draw (WinAnsi, cp1252).
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
// French typography's thin and figure spaces and the no-break hyphen, which the PDF writes as their plain kin.
const PDF_SUBSTITUTES = '\u202f\u2009\u2007\u2011';

/** Whether a legal PDF's standard fonts can draw the character (or its plain substitute). */
export function drawableInPdf(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || [0x09, 0x0a, 0x0d].includes(code) || WIN_ANSI_EXTRA.includes(character) || PDF_SUBSTITUTES.includes(character);
}

/**
 * The first problem of a text as written, in French, or null when it may be saved or published.
 * With its kind, what only a publication needs too: a legal PDF's words its fonts can draw
 * (a draft keeps whatever was typed).
 */
export function textProblem(content: TextContent, kind?: TextKind): string | null {
  if (content.title.trim() === '') return textMessages.titleMissing;
  if (content.title.length > TEXT_TITLE_MAX_LENGTH) return textMessages.titleTooLong;
  if (content.description.length > TEXT_DESCRIPTION_MAX_LENGTH) return textMessages.descriptionTooLong;
  if (content.applicable.length > TEXT_APPLICABLE_MAX_LENGTH) return textMessages.applicableTooLong;
  if (content.body.length > TEXT_BODY_MAX_LENGTH) return textMessages.bodyTooLong(content.body.length);
  if (kind === 'legal-pdf') {
    const undrawable = [...`${content.title}${content.applicable}${content.body}`].find((character) => !drawableInPdf(character));
    if (undrawable) return textMessages.notInPdf(undrawable);
  }
  return null;
}

/** A line of GET /api/admin/texts. */
export interface TextSummary {
  id: string;
  kind: TextKind;
  title: string;
  /** The published version's number (1 for the site's original text). */
  version: number;
  publishedAt: string;
  /** Who published it ('' for the site's original text). */
  publishedBy: string;
  /** The caller has a draft of this text not yet published. */
  hasDraft: boolean;
}

/** GET /api/admin/texts: every text, wiki articles first in menu order, then the others. */
export interface TextList {
  texts: TextSummary[];
}

/** One published version, whole. */
export interface TextVersion extends TextContent {
  version: number;
  publishedAt: string;
  /** The author's name when they published ('' for the site's original text). */
  author: string;
  /** When this version restored an older one: that one's number. */
  restoredFrom: number | null;
}

/** The caller's draft: what they typed, and the version they started from. */
export interface TextDraft extends TextContent {
  baseVersion: number;
  savedAt: string;
}

/** GET /api/admin/texts/:id */
export interface TextDetail {
  id: string;
  kind: TextKind;
  published: TextVersion;
  draft: TextDraft | null;
}

/** PUT /api/admin/texts/:id/draft → TextDraft; POST /api/admin/texts/:id/publish → TextDetail (its draft gone). */
export interface TextEdit extends TextContent {
  /** The published version the editor started from: publishing over another is refused (409). */
  baseVersion: number;
}

/** The 409 of a publication over someone else's: the error, and the version now online. */
export interface TextConflict {
  error: { code: 'texts/conflict'; message: string };
  current: TextVersion;
}

export type TextVersionSummary = Omit<TextVersion, 'body' | 'description' | 'applicable'>;

/** GET /api/admin/texts/:id/versions: newest first, without their bodies (one is read whole by its number). */
export interface TextHistory {
  versions: TextVersionSummary[];
}

/** The live topic every instance and open page hears when a text is published or restored: `{ id, version }`. */
export interface TextPublishedNotice {
  id: string;
  version: number;
}

/** The placeholders a text may hold, filled when its page is made. */
export type TextVariables = Record<'appName' | 'projectName' | 'contactEmail' | 'publicUrl', string>;

/** Fills the {placeholders}; an unknown one stays as written, for its editor to see and fix. */
export function fillPlaceholders(text: string, variables: TextVariables): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? variables[name as keyof TextVariables] : whole));
}

/** A text's words as its page shows them: placeholders filled and French spacing, as the build has always made them. */
export const pageText = (text: string, variables: TextVariables) => frenchSpacing(fillPlaceholders(text, variables));
