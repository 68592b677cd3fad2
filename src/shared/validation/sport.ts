import { isPrintableLine } from './printable';

export const SPORT_NAME_MAX_LENGTH = 40;

/**
 * The document id of a suggestion (spec §3: "the lowercased sport name"). Spacing and Unicode
 * form are normalised so one sport has one id however it was typed; accents are kept because
 * the id is also what the vote page displays.
 */
export function sportId(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr').normalize('NFC');
}

/**
 * Duplicate policy: two names are the same sport when they differ only by case, spacing or
 * diacritics, so 'Pétanque', 'petanque' and ' PETANQUE ' collide (visitors often skip accents).
 * Punctuation still counts: 'beach-volley' and 'beach volley' are left to moderation.
 */
export function sportDuplicateKey(name: string): string {
  return sportId(name).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * The limit applies to the stored id; a name needs a letter so '🏓' or '42' are not sports,
 * and holds no control characters (tabs and line breaks already became spaces).
 */
export function isValidSportName(name: string): boolean {
  const id = sportId(name);
  return id !== '' && Array.from(id).length <= SPORT_NAME_MAX_LENGTH && /\p{L}/u.test(id) && isPrintableLine(id);
}
