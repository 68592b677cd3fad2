// An export of the original Firebase site, written for tests and the benchmark: Auth's
// users.json with hashes made by Firebase's published algorithm and key, the console's hash
// parameters, and Firestore in either JSON shape of the usual export tools.
import { FirebaseScrypt } from 'firebase-scrypt';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FirebaseHashParameters } from '../accounts/index';

/** Firebase's published example (the firebase/scrypt README): the project's parameters and one user. */
export const PUBLISHED_PARAMETERS: FirebaseHashParameters = {
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};
export const PUBLISHED_USER = { salt: '42xEC+ixf3L2lw==', hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==', password: 'user1password' };

/** The box the Firebase console shows under 'Password hash parameters', as an operator pastes it. */
export const consoleHashConfig = (parameters: FirebaseHashParameters) => `hash_config {
  algorithm: SCRYPT,
  base64_signer_key: ${parameters.signerKey},
  base64_salt_separator: ${parameters.saltSeparator},
  rounds: ${parameters.rounds},
  mem_cost: ${parameters.memCost},
}
`;

export const firebaseHash = (password: string, salt: string, parameters = PUBLISHED_PARAMETERS) => new FirebaseScrypt(parameters).hash(password, salt);

export type FirestoreShape = 'firestore-export-import' | 'node-firestore-import-export';

/** Collections by path (`WaitingList/words/list`), each a map of document id to fields. */
export type FirestoreCollections = Record<string, Record<string, Record<string, unknown>>>;

const timestamp = (shape: FirestoreShape, date: Date) => {
  const value = { _seconds: Math.floor(date.getTime() / 1000), _nanoseconds: (date.getTime() % 1000) * 1e6 };
  return shape === 'node-firestore-import-export' ? { __datatype__: 'timestamp', value } : value;
};

/** Dates (as Date) become the shape's timestamps, anywhere in a document. */
function encode(shape: FirestoreShape, value: unknown): unknown {
  if (value instanceof Date) return timestamp(shape, value);
  if (Array.isArray(value)) return value.map((item) => encode(shape, item));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(shape, item)]));
  return value;
}

/** The export tree of the given collections, nested as the tool nests sub-collections under their parent document. */
export function firestoreExport(shape: FirestoreShape, collections: FirestoreCollections): unknown {
  const nested = shape === 'node-firestore-import-export' ? '__collections__' : 'subCollection';
  const root: Record<string, Record<string, Record<string, unknown>>> = {};
  const documentAt = (segments: string[]): Record<string, unknown> => {
    // segments: collection, document, collection, document…
    let collections = root;
    let document: Record<string, unknown> | undefined;
    for (let index = 0; index < segments.length; index += 2) {
      const collectionPath = segments.slice(0, index + 1).join('/');
      const key = shape === 'node-firestore-import-export' || index === 0 ? segments[index] : collectionPath;
      collections[key] ??= {};
      document = collections[key][segments[index + 1]] ??= {};
      collections = (document[nested] ??= {}) as typeof root;
    }
    return document!;
  };
  for (const [collectionPath, documents] of Object.entries(collections)) {
    for (const [id, data] of Object.entries(documents)) Object.assign(documentAt([...collectionPath.split('/'), id]), encode(shape, data));
  }
  return shape === 'node-firestore-import-export' ? { __collections__: root } : root;
}

export interface ExportFiles {
  auth: string;
  hashConfig: string;
  firestore: string;
}

/** Writes the three files into `dir`. */
export async function writeExport(dir: string, users: unknown[], shape: FirestoreShape, collections: FirestoreCollections, parameters = PUBLISHED_PARAMETERS): Promise<ExportFiles> {
  await fs.mkdir(dir, { recursive: true });
  const files = { auth: path.join(dir, 'users.json'), hashConfig: path.join(dir, 'hash.txt'), firestore: path.join(dir, 'firestore.json') };
  await fs.writeFile(files.auth, JSON.stringify({ users }));
  await fs.writeFile(files.hashConfig, consoleHashConfig(parameters));
  await fs.writeFile(files.firestore, JSON.stringify(firestoreExport(shape, collections)));
  return files;
}
