// An export of the original Firebase site, written for tests and the benchmark: Auth's
// users.json with hashes made by Firebase's published algorithm and key, the console's hash
// parameters, and Firestore in either JSON shape of the usual export tools.
import { createCipheriv, scryptSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
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

/**
 * A password as Firebase hashes it (decision 0035), written apart from the sign-in's own check
 * (accounts/passwords.ts) so that the tests do not grade that check with itself: both give
 * Firebase's published example.
 */
export function firebaseHash(password: string, salt: string, parameters = PUBLISHED_PARAMETERS): string {
  const base64 = (value: string) => Buffer.from(value, 'base64');
  const key = scryptSync(password, Buffer.concat([base64(salt), base64(parameters.saltSeparator)]), 32, { N: 2 ** parameters.memCost, r: parameters.rounds, p: 1 });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(base64(parameters.signerKey)), cipher.final()]).toString('base64');
}

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
function firestoreExport(shape: FirestoreShape, collections: FirestoreCollections): unknown {
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

interface GeneratedSize {
  users: number;
  words: number;
  reactions: number;
}

/**
 * A large export written as a stream (a million users do not fit in one JSON string): users
 * `uid-0…`, each with a profile, the first `words` of them with a public word, and
 * `reactions` spread over ten sports (at most one per member and sport). Every account shares
 * one password hash (made once: Firebase's scrypt costs tens of milliseconds), 'Ancien-2023'.
 */
export async function writeGeneratedExport(dir: string, size: GeneratedSize, shape: FirestoreShape = 'node-firestore-import-export'): Promise<ExportFiles> {
  await fs.mkdir(dir, { recursive: true });
  const files = { auth: path.join(dir, 'users.json'), hashConfig: path.join(dir, 'hash.txt'), firestore: path.join(dir, 'firestore.json') };
  await fs.writeFile(files.hashConfig, consoleHashConfig(PUBLISHED_PARAMETERS));
  const salt = 'c2VsLWdlbmVyZQ==';
  const passwordHash = firebaseHash('Ancien-2023', salt);
  const joined = Date.parse('2023-05-01T00:00:00Z');

  async function write(file: string, parts: () => Generator<string>) {
    const handle = await fs.open(file, 'w');
    let chunk = '';
    for (const part of parts()) {
      chunk += part;
      if (chunk.length > 1 << 20) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    await handle.write(chunk);
    await handle.close();
  }

  await write(files.auth, function* () {
    yield '{"users":[';
    for (let index = 0; index < size.users; index++) {
      const user = { localId: `uid-${index}`, email: `membre${index}@exemple.fr`, emailVerified: index % 2 === 0, passwordHash, salt, createdAt: String(joined + index * 1000), providerUserInfo: [{ providerId: 'password' }] };
      yield `${index === 0 ? '' : ','}${JSON.stringify(user)}`;
    }
    yield ']}';
  });

  const nested = shape === 'node-firestore-import-export' ? '__collections__' : 'subCollection';
  const subCollection = (parent: string, name: string) => (shape === 'node-firestore-import-export' ? name : `${parent}/${name}`);
  const sports = ['kayak', 'rugby', 'tennis', 'judo', 'escalade', 'handball', 'natation', 'voile', 'badminton', 'aviron'];
  const reactions = ['love', 'wow', 'no'];
  const when = (index: number) => timestamp(shape, new Date(joined + index * 1000));
  await write(files.firestore, function* () {
    yield shape === 'node-firestore-import-export' ? '{"__collections__":{"users":{' : '{"users":{';
    for (let index = 0; index < size.users; index++) {
      const profile = { username: `membre-${index}`, firstname: 'Prénom', lastname: `Nom${index}`, bio: '', accountType: index % 50 === 0 ? 'organisation' : 'user', roles: [], surveys: index % 3 === 0 ? { 'pre-use': true } : {}, pastTrips: [] };
      yield `${index === 0 ? '' : ','}${JSON.stringify(`uid-${index}`)}:${JSON.stringify(profile)}`;
    }
    yield `},"WaitingList":{"numbers":{"users":${size.users}},"words":{${JSON.stringify(nested)}:{${JSON.stringify(subCollection('WaitingList/words', 'list'))}:{`;
    for (let index = 0; index < size.words; index++) {
      const word = { content: `Mot de soutien n° ${index}`, author: `uid-${index}`, public: true, vip: index % 100 === 0, createdAt: when(index) };
      yield `${index === 0 ? '' : ','}"w-${index}":${JSON.stringify(word)}`;
    }
    yield `}}},"sports":{${JSON.stringify(nested)}:{${JSON.stringify(subCollection('WaitingList/sports', 'list'))}:{`;
    const perSport = Math.ceil(size.reactions / sports.length);
    for (const [sportIndex, sport] of sports.entries()) {
      const count = Math.min(perSport, size.reactions - sportIndex * perSport, size.users);
      yield `${sportIndex === 0 ? '' : ','}${JSON.stringify(sport)}:{"emoji":"","public":true,"submittedBy":"uid-${sportIndex}","reactions":{`;
      for (const [reactionIndex, reaction] of reactions.entries()) {
        yield `${reactionIndex === 0 ? '' : ','}"${reaction}":[`;
        let first = true;
        for (let member = reactionIndex; member < count; member += reactions.length) {
          yield `${first ? '' : ','}"uid-${member}"`;
          first = false;
        }
        yield ']';
      }
      yield '}}';
    }
    yield '}}}},"Consts":{"public_amounts":{"bonusAmount":5}}}';
    if (shape === 'node-firestore-import-export') yield '}';
  });
  return files;
}

/** What the import wrote, comparable between two databases: members named by their Firebase uid, rows in a stable order. */
export async function importedTables(db: Kysely<Database>) {
  const uids = new Map((await db.selectFrom('users').select(['id', 'firebase_uid', 'username']).execute()).map((row) => [row.id, row.firebase_uid ?? row.username]));
  const uid = (id: string | null) => (id === null ? null : uids.get(id));
  return {
    users: (
      await db
        .selectFrom('users')
        .select(['email', 'username', 'firstname', 'lastname', 'account_type', 'firebase_uid', 'password_hash', 'roles', 'surveys', 'newsletter', 'created_at', 'picture_version'])
        .select((eb) => [eb('email_verified_at', 'is not', null).as('verified'), eb('suspended_at', 'is not', null).as('suspended')])
        .orderBy('email')
        .execute()
    ),
    words: (await db.selectFrom('words').select(['author_id', 'content', 'public', 'vip', 'created_at']).orderBy('content').execute()).map((row) => ({ ...row, author_id: uid(row.author_id) })),
    sports: await db.selectFrom('sports').select(['id', 'name', 'public', 'submitted_by', 'love_count', 'wow_count', 'no_count']).orderBy('id').execute().then((rows) => rows.map((row) => ({ ...row, submitted_by: uid(row.submitted_by) }))),
    reactions: (await db.selectFrom('sport_reactions').select(['sport_id', 'user_id', 'reaction']).execute()).map((row) => `${row.sport_id}/${uid(row.user_id)}/${row.reaction}`).sort(),
    submissions: (await db.selectFrom('survey_submissions').selectAll().execute()).map((row) => `${row.survey_id}/${uid(row.user_id)}`).sort(),
    answers: (await db.selectFrom('survey_answers').select(['survey_id', 'responses']).execute()).map((row) => JSON.stringify(row)).sort(),
    journal: (await db.selectFrom('journal').select(['kind', 'summary', 'target_id']).where('kind', '=', 'roles/import').execute()).map((row) => ({ ...row, target_id: uid(row.target_id) })),
    settings: await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['public_amounts', 'firebase.passwordHash', 'firebase.surveyAnswersImported']).orderBy('key').execute(),
  };
}
