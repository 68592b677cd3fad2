import { EMAIL_MAX_LENGTH, isValidEmail } from './validation/email';

/**
 * The legal notice's facts (loi n° 2004-575 pour la confiance dans l'économie numérique,
 * art. 6-III): who publishes the site and who hosts it. An admin fills them in on
 * /admin/settings; until then they come from the LEGAL_* environment variables. Every fact
 * may be empty: the page then says it is still missing rather than showing a blank.
 */
export interface LegalNotice {
  associationName: string;
  address: string;
  phone: string;
  email: string;
  /** The publication director: the association's legal representative. */
  director: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  /** Optional: the association's number in the national register (W and 9 digits). */
  rna: string;
  /** Optional: 14 digits. */
  siret: string;
  /** Optional: for a sports association, its federation. */
  federation: string;
}

export type LegalNoticeField = keyof LegalNotice;

interface FieldRule {
  /** The field's label on the admin form and on the page. */
  label: string;
  maxLength: number;
  /** Optional facts are left off the page when empty; the others say 'non renseigné(e)'. */
  optional?: boolean;
  /** What the page says when a required fact is empty. */
  missing?: string;
}

const NAME = 150;
const ADDRESS = 300;
const PHONE = 30;

export const LEGAL_NOTICE_RULES: Readonly<Record<LegalNoticeField, FieldRule>> = {
  associationName: { label: "Nom de l'association", maxLength: NAME, missing: 'non renseigné' },
  address: { label: 'Adresse du siège', maxLength: ADDRESS, missing: 'non renseignée' },
  phone: { label: 'Téléphone', maxLength: PHONE, missing: 'non renseigné' },
  email: { label: 'Adresse mail', maxLength: EMAIL_MAX_LENGTH, missing: 'non renseignée' },
  director: { label: 'Directeur ou directrice de la publication', maxLength: NAME, missing: 'non renseigné' },
  hostName: { label: "Nom de l'hébergeur", maxLength: NAME, missing: 'non renseigné' },
  hostAddress: { label: "Adresse de l'hébergeur", maxLength: ADDRESS, missing: 'non renseignée' },
  hostPhone: { label: "Téléphone de l'hébergeur", maxLength: PHONE, missing: 'non renseigné' },
  rna: { label: 'Numéro RNA', maxLength: 10, optional: true },
  siret: { label: 'Numéro SIRET', maxLength: 14, optional: true },
  federation: { label: 'Fédération sportive', maxLength: NAME, optional: true },
};

export const LEGAL_NOTICE_FIELDS = Object.keys(LEGAL_NOTICE_RULES) as LegalNoticeField[];

export const EMPTY_LEGAL_NOTICE: LegalNotice = Object.fromEntries(LEGAL_NOTICE_FIELDS.map((field) => [field, ''])) as unknown as LegalNotice;

/**
 * The facts as they are stored: trimmed, runs of spaces and line breaks inside a line kept as
 * one space (an address typed on several lines stays one line of the page), the e-mail in lower
 * case, RNA in capitals, SIRET without its spaces. Unknown keys are dropped.
 */
export function normalizeLegalNotice(input: Partial<Record<LegalNoticeField, unknown>>): LegalNotice {
  const notice = { ...EMPTY_LEGAL_NOTICE };
  for (const field of LEGAL_NOTICE_FIELDS) {
    const value = input[field];
    notice[field] = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  }
  notice.email = notice.email.toLowerCase();
  notice.rna = notice.rna.toUpperCase();
  notice.siret = notice.siret.replace(/ /g, '');
  return notice;
}

/** A telephone number as the French write it, or in the international form: 8 to 15 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9 .()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

export const isValidRna = (value: string) => /^W\d{9}$/.test(value);
export const isValidSiret = (value: string) => /^\d{14}$/.test(value);

/**
 * What is wrong with each field of a normalized notice, in French, for the admin form and the
 * server alike; an empty object when all is well. Empty facts are allowed: the page says
 * what is missing.
 */
export function legalNoticeErrors(notice: LegalNotice): Partial<Record<LegalNoticeField, string>> {
  const errors: Partial<Record<LegalNoticeField, string>> = {};
  for (const field of LEGAL_NOTICE_FIELDS) {
    const { label, maxLength } = LEGAL_NOTICE_RULES[field];
    if (notice[field].length > maxLength) errors[field] = `${label} : ${maxLength} caractères au plus.`;
  }
  const check = (field: LegalNoticeField, valid: (value: string) => boolean, message: string) => {
    if (!errors[field] && notice[field] !== '' && !valid(notice[field])) errors[field] = message;
  };
  check('phone', isValidPhone, 'Téléphone : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.');
  check('hostPhone', isValidPhone, "Téléphone de l'hébergeur : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.");
  check('email', isValidEmail, 'Adresse mail : indique une adresse comme contact@association.fr.');
  check('rna', isValidRna, 'Numéro RNA : la lettre W suivie de 9 chiffres, comme W123456789.');
  check('siret', isValidSiret, 'Numéro SIRET : 14 chiffres.');
  return errors;
}

/** The first error of a notice, or undefined: the server answers with it. */
export function firstLegalNoticeError(notice: LegalNotice): string | undefined {
  return Object.values(legalNoticeErrors(notice))[0];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/** A fact as the page shows it: its value, or plainly that it is still missing. */
function fact(notice: LegalNotice, field: LegalNoticeField, value = escape(notice[field])): string {
  const { label, missing } = LEGAL_NOTICE_RULES[field];
  const shown = notice[field] === '' ? `<span class="legal-notice__missing">${missing}</span>` : value;
  return `<div class="legal-notice__fact"><dt>${label}</dt><dd>${shown}</dd></div>`;
}

function link(href: string, text: string) {
  return `<a href="${escape(href)}">${escape(text)}</a>`;
}

const mail = (notice: LegalNotice) => link(`mailto:${notice.email}`, notice.email);
const phone = (value: string) => link(`tel:${value.replace(/[^\d+]/g, '')}`, value);

/**
 * The facts of /mentions-legales as HTML, every text escaped. The server writes it into the
 * prerendered page (page parts) and the page renders the same string after a navigation, so
 * both show the same thing.
 */
export function legalNoticeHtml(notice: LegalNotice): string {
  const optional = (['rna', 'siret', 'federation'] as const).filter((field) => notice[field] !== '').map((field) => fact(notice, field));
  return [
    '<section class="legal-notice__section" aria-labelledby="editeur">',
    '<h2 id="editeur">Éditeur du site</h2>',
    '<dl class="legal-notice__facts">',
    fact(notice, 'associationName'),
    fact(notice, 'address'),
    fact(notice, 'phone', phone(notice.phone)),
    fact(notice, 'email', mail(notice)),
    ...optional,
    '</dl></section>',
    '<section class="legal-notice__section" aria-labelledby="directeur">',
    '<h2 id="directeur">Direction de la publication</h2>',
    '<dl class="legal-notice__facts">',
    fact(notice, 'director'),
    '</dl></section>',
    '<section class="legal-notice__section" aria-labelledby="hebergeur">',
    '<h2 id="hebergeur">Hébergement</h2>',
    '<dl class="legal-notice__facts">',
    fact(notice, 'hostName'),
    fact(notice, 'hostAddress'),
    fact(notice, 'hostPhone', phone(notice.hostPhone)),
    '</dl></section>',
  ].join('');
}

/** Section 11 of the privacy policy: whom to write to, from the same facts as the legal notice. */
export function privacyContactHtml(notice: LegalNotice): string {
  return [
    '<dl class="legal-notice__facts">',
    fact(notice, 'associationName'),
    fact(notice, 'address'),
    fact(notice, 'email', mail(notice)),
    '</dl>',
  ].join('');
}

/** The names of the places the server fills in the prerendered pages. */
export const LEGAL_NOTICE_PART = 'legal-notice';
export const PRIVACY_CONTACT_PART = 'privacy-contact';
