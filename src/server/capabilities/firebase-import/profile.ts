import { BIO_MAX_LENGTH, isPrintableLine, isPrintableText, isValidBio, isValidPersonName, isValidUsername, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../shared/validation';
import { text } from './values';

/** A Firestore `users/{uid}` document, as far as the import reads it. */
export interface Profile {
  username?: unknown;
  firstname?: unknown;
  lastname?: unknown;
  bio?: unknown;
  accountType?: unknown;
  roles?: unknown;
  surveys?: unknown;
  pastTrips?: unknown;
}

interface ProfileTexts {
  username: string;
  firstname: string;
  lastname: string;
  bio: string;
}

/**
 * A username for an account whose own is missing or refused, made unique by its uid so it
 * takes nobody's: from the Auth display name when it is one line of text, else the address.
 */
function replacementUsername(account: { uid: string; email: string; displayName: string }): string {
  const base = account.displayName !== '' && isPrintableLine(account.displayName) ? account.displayName : account.email.split('@')[0];
  return `${Array.from(base).slice(0, 20).join('').trim()}-${account.uid.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 6)}`;
}

// What the rules refuse, as the report says it: too long, or characters that are not text
// (line breaks in a one-line field, the bidirectional overrides that reverse the text around them).
const outOfRules = (field: string, max: number) => `${field} hors des règles du site (au plus ${max} caractères, sans caractère de contrôle)`;

/**
 * The profile's texts under the rules of the site's own forms (shared/validation): a username
 * they refuse is replaced, since every account needs one (the member still signs in by address);
 * a first or last name, or a bio, they refuse is left empty. Each change is said for the report.
 */
export function profileTexts(profile: Profile, account: { uid: string; email: string; displayName: string }): { texts: ProfileTexts; corrections: string[] } {
  const corrections: string[] = [];
  const given = text(profile.username);
  const username = isValidUsername(given) ? given : replacementUsername(account);
  if (given !== '' && username !== given) corrections.push(`${outOfRules('nom d’utilisateur', USERNAME_MAX_LENGTH)} : remplacé par « ${username} »`);
  const checked = (value: unknown, isValid: (value: string) => boolean, field: string) => {
    const kept = text(value);
    if (kept === '' || isValid(kept)) return kept;
    corrections.push(`${field} : champ laissé vide`);
    return '';
  };
  return {
    texts: {
      username,
      firstname: checked(profile.firstname, isValidPersonName, outOfRules('prénom', NAME_MAX_LENGTH)),
      lastname: checked(profile.lastname, isValidPersonName, outOfRules('nom', NAME_MAX_LENGTH)),
      // The site's bio rule counts its length; the import also refuses what is not text.
      bio: checked(profile.bio, (bio) => isValidBio(bio) && isPrintableText(bio), outOfRules('bio', BIO_MAX_LENGTH)),
    },
    corrections,
  };
}
