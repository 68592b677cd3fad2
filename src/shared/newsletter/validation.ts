import type { NewsletterContent } from './api';

export const NEWSLETTER_TITLE_MAX_LENGTH = 200;
export const NEWSLETTER_DESCRIPTION_MAX_LENGTH = 300;
export const NEWSLETTER_LETTER_MAX_LENGTH = 50_000;

/** The title is the subject line: required, and on one line (a newline would end the header). */
export function isValidNewsletterTitle(title: string): boolean {
  const trimmed = title.trim();
  return trimmed.length > 0 && trimmed.length <= NEWSLETTER_TITLE_MAX_LENGTH && !/[\r\n]/.test(trimmed);
}

/** The preheader is optional. */
export function isValidNewsletterDescription(desc: string): boolean {
  return desc.trim().length <= NEWSLETTER_DESCRIPTION_MAX_LENGTH;
}

export function isValidNewsletterLetter(letter: string): boolean {
  return letter.trim().length > 0 && letter.length <= NEWSLETTER_LETTER_MAX_LENGTH;
}

/** The first broken rule's error code (messages.ts), or undefined when the newsletter can go. */
export function newsletterContentError({ letter, title, desc }: NewsletterContent): string | undefined {
  if (!isValidNewsletterTitle(title)) return 'newsletter/invalid-title';
  if (!isValidNewsletterDescription(desc)) return 'newsletter/invalid-description';
  if (!isValidNewsletterLetter(letter)) return 'newsletter/invalid-letter';
  return undefined;
}
