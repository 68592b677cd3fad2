import Assembler from 'stream-json/assembler.js';
import { ImportError } from './import-error';
import { readJsonRecords, type Token } from './read-json';

/** One account of `firebase auth:export users.json --format=json`, as far as the import reads it. */
interface AuthUser {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  passwordHash?: string;
  salt?: string;
  displayName?: string;
  photoUrl?: string;
  createdAt?: string;
  lastSignedInAt?: string;
  disabled?: boolean;
  providerUserInfo?: { providerId?: string }[];
}

/**
 * The accounts of the Auth export, one at a time: the file's `users` array is read as a
 * stream, each element assembled alone (a million accounts never sit in memory together).
 */
export function readAuthUsers(file: string, onBytes?: (bytesRead: number) => void): AsyncGenerator<AuthUser> {
  let depth = 0;
  let inUsers = false;
  let key: string | undefined;
  let element: Assembler | undefined;
  let index = 0;
  return readJsonRecords<AuthUser>(file, (token: Token) => {
    if (element) {
      element.consume(token as never);
      if (!element.done) return undefined;
      const user = element.current as AuthUser;
      element = undefined;
      index += 1;
      return [checkedUser(user, file, index)];
    }
    switch (token.name) {
      case 'keyValue':
        if (depth === 1) key = token.value as string;
        return undefined;
      case 'startObject':
      case 'startArray':
        if (inUsers && depth === 2) {
          element = new Assembler();
          element.consume(token as never);
          return undefined;
        }
        depth += 1;
        if (depth === 2 && key === 'users' && token.name === 'startArray') inUsers = true;
        return undefined;
      case 'endObject':
      case 'endArray':
        if (depth === 2) inUsers = false;
        depth -= 1;
        return undefined;
      default:
        if (inUsers && depth === 2) throw new ImportError(`${file} : le compte n° ${index + 1} n'est pas un objet.`);
        return undefined;
    }
  }, onBytes);
}

function checkedUser(user: AuthUser, file: string, index: number): AuthUser {
  if (typeof user !== 'object' || user === null || Array.isArray(user)) throw new ImportError(`${file} : le compte n° ${index} n'est pas un objet.`);
  if (typeof user.localId !== 'string' || user.localId === '') throw new ImportError(`${file} : le compte n° ${index} n'a pas de localId.`);
  if (typeof user.email !== 'string' || user.email.trim() === '') {
    throw new ImportError(
      `${file} : le compte ${user.localId} (n° ${index}) n'a pas d'adresse e-mail ; le nouveau site identifie chaque membre par son adresse. Retire-le du fichier ou donne-lui une adresse, puis relance.`,
    );
  }
  return user;
}
