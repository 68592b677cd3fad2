import { expect, it } from 'vitest';
import {
  isValidNewsletterDescription,
  isValidNewsletterLetter,
  isValidNewsletterTitle,
  NEWSLETTER_LETTER_MAX_LENGTH,
  newsletterContentError,
} from './validation';

it('needs a one-line title of at most 200 characters', () => {
  expect(isValidNewsletterTitle('Les nouvelles de mars')).toBe(true);
  expect(isValidNewsletterTitle('   ')).toBe(false);
  expect(isValidNewsletterTitle('Ligne 1\nBcc: tout@le.monde')).toBe(false);
  expect(isValidNewsletterTitle('a'.repeat(200))).toBe(true);
  expect(isValidNewsletterTitle('a'.repeat(201))).toBe(false);
});

it('allows an empty description, not a long one', () => {
  expect(isValidNewsletterDescription('')).toBe(true);
  expect(isValidNewsletterDescription('a'.repeat(301))).toBe(false);
});

it('needs some content, within the limit', () => {
  expect(isValidNewsletterLetter('# Bonjour')).toBe(true);
  expect(isValidNewsletterLetter(' \n ')).toBe(false);
  expect(isValidNewsletterLetter('a'.repeat(NEWSLETTER_LETTER_MAX_LENGTH + 1))).toBe(false);
});

it('names the first broken rule', () => {
  expect(newsletterContentError({ title: 'Titre', desc: '', letter: 'Texte' })).toBeUndefined();
  expect(newsletterContentError({ title: '', desc: '', letter: '' })).toBe('newsletter/invalid-title');
  expect(newsletterContentError({ title: 'Titre', desc: 'a'.repeat(400), letter: '' })).toBe('newsletter/invalid-description');
  expect(newsletterContentError({ title: 'Titre', desc: '', letter: '' })).toBe('newsletter/invalid-letter');
});
