import fs from 'node:fs/promises';
import { isPrintableText, isValidPrint, PRINT_MAX_LENGTH, PRINT_MIN_EXCLUSIVE, sportId } from '../../../shared/validation';
import { type Kind, type ImportReport, skip } from './report';
import { readAuthUsers } from './read-auth';
import { readFirestore } from './read-firestore';
import { Batcher, type StagedRow, type StagingDb } from './staging';
import { bool, text, toDate } from './values';

/** Spec §3: where the old site kept what the import moves. */
const COLLECTIONS = {
  users: 'users',
  words: 'WaitingList/words/list',
  sports: 'WaitingList/sports/list',
  waitingList: 'WaitingList',
  consts: 'Consts',
} as const;

/** Follows a phase of the import, for the command's progress bar. */
export interface ImportProgress {
  phase(label: string, total: number): void;
  update(done: number, imported: number, skipped: number): void;
  stop(): void;
}

export const silentProgress: ImportProgress = { phase() {}, update() {}, stop() {} };

/** A suggested sport as the Firestore document gave it (its reactions are staged apart). */
interface StagedSport {
  docId: string;
  data: Record<string, unknown>;
}

export interface StagedFirestore {
  sports: StagedSport[];
  oldCounter: number | null;
  bonusAmount: number | null;
}

const fileSize = async (file: string) => (await fs.stat(file).catch(() => undefined))?.size ?? 0;

/** Copies the Auth export's accounts into the scratch table, checking each. */
export async function stageAuth(db: StagingDb, file: string, report: ImportReport, progress: ImportProgress) {
  progress.phase('Lecture des comptes (Auth)', await fileSize(file));
  let bytes = 0;
  const rows = new Batcher<StagedRow<'firebase_import_accounts'>>(async (batch) => {
    const written = await db
      .insertInto('firebase_import_accounts')
      .values(batch)
      .onConflict((oc) => oc.column('uid').doNothing())
      .returning('uid')
      .execute();
    if (written.length < batch.length) {
      // A uid met twice, in this batch or an earlier one: its first account is the one kept.
      const kept = new Set(written.map((row) => row.uid));
      for (const row of batch) {
        if (kept.delete(row.uid)) continue;
        skip(report, 'accounts', row.uid, 'compte en double dans l’export Auth (même localId)');
      }
    }
    progress.update(bytes, 0, report.counts.accounts.skipped);
  });
  for await (const user of readAuthUsers(file, (read) => (bytes = read))) {
    report.counts.accounts.read += 1;
    const hasPassword = typeof user.passwordHash === 'string' && user.passwordHash !== '' && typeof user.salt === 'string';
    if (!hasPassword) report.withoutPassword.push(user.localId);
    await rows.add({
      uid: user.localId,
      email: text(user.email),
      email_verified: bool(user.emailVerified),
      password_hash: hasPassword ? (user.passwordHash as string) : null,
      password_salt: hasPassword ? (user.salt as string) : null,
      display_name: text(user.displayName),
      photo_url: text(user.photoUrl),
      created_at: toDate(user.createdAt) ?? null,
      last_signed_in_at: toDate(user.lastSignedInAt) ?? null,
      disabled: bool(user.disabled),
    });
  }
  await rows.flush();
}

/**
 * Why a word breaks the rule of the words left here (shared/validation/print.ts), if it does:
 * it is left out before the one word per member is chosen, so an older word that fits can be.
 */
function wordRefusal(content: string): string | undefined {
  if (content === '') return 'texte vide';
  if (!isPrintableText(content)) return 'texte avec des caractères de contrôle, refusés par le site';
  if (!isValidPrint(content)) return `texte hors de la longueur permise par le site (${PRINT_MIN_EXCLUSIVE + 1} à ${PRINT_MAX_LENGTH} caractères)`;
  return undefined;
}

// The path of the old survey answers, `*` standing for any document id: `surveys/*/answers`
// matches `surveys/pre-use/answers`.
function collectionMatcher(pattern: string | undefined): (collection: string) => boolean {
  if (!pattern) return () => false;
  const parts = pattern.split('/');
  return (collection) => {
    const segments = collection.split('/');
    return segments.length === parts.length && parts.every((part, index) => part === '*' || part === segments[index]);
  };
}

/**
 * Copies the Firestore export into the scratch tables: profiles, words, reactions (one row
 * per uid of a sport's lists) and survey answers; the few sports and the two single
 * documents (the counter, the bonus) are kept in memory.
 */
export async function stageFirestore(
  db: StagingDb,
  file: string,
  surveyAnswers: string | undefined,
  report: ImportReport,
  progress: ImportProgress,
): Promise<StagedFirestore> {
  progress.phase('Lecture de Firestore', await fileSize(file));
  let bytes = 0;
  const isAnswers = collectionMatcher(surveyAnswers);
  const staged: StagedFirestore = { sports: [], oldCounter: null, bonusAmount: null };
  const count = (kind: Kind) => (report.counts[kind].read += 1);
  const tick = () => progress.update(bytes, 0, 0);

  const profiles = new Batcher<StagedRow<'firebase_import_profiles'>>(async (batch) => {
    await db.insertInto('firebase_import_profiles').values(batch).onConflict((oc) => oc.column('uid').doNothing()).execute();
    tick();
  });
  const words = new Batcher<StagedRow<'firebase_import_words'>>(async (batch) => {
    await db.insertInto('firebase_import_words').values(batch).execute();
    tick();
  });
  const reactions = new Batcher<StagedRow<'firebase_import_reactions'>>(async (batch) => {
    await db.insertInto('firebase_import_reactions').values(batch).execute();
    tick();
  }, 2000);
  const answers = new Batcher<StagedRow<'firebase_import_answers'>>(async (batch) => {
    await db.insertInto('firebase_import_answers').values(batch).execute();
    tick();
  });

  const streamed = (collection: string) => (collection === COLLECTIONS.sports ? ['reactions'] : []);
  for await (const record of readFirestore(file, streamed, (read) => (bytes = read))) {
    if (record.type === 'item') {
      count('reactions');
      await reactions.add({ sport: sportId(record.id), uid: record.value, reaction: record.key });
      continue;
    }
    const { collection, id, data } = record;
    if (isAnswers(collection)) {
      count('surveyAnswers');
      const surveyId = text(data.surveyId) || collection.split('/').at(-2) || '';
      const responses = data.responses;
      if (typeof responses !== 'object' || responses === null) skip(report, 'surveyAnswers', `${collection}/${id}`, 'pas de réponses (champ responses)');
      else await answers.add({ id, survey_id: surveyId, responses: JSON.stringify(responses), answered_on: toDate(data.date ?? data.createdAt ?? data.timestamp) ?? null });
    } else if (collection === COLLECTIONS.users) {
      await profiles.add({ uid: id, data: JSON.stringify(data) });
    } else if (collection === COLLECTIONS.words) {
      count('words');
      const content = text(data.content);
      const refusal = wordRefusal(content);
      if (refusal) {
        skip(report, 'words', id, refusal);
        continue;
      }
      await words.add({
        id,
        author: text(data.author),
        content,
        public: bool(data.public),
        vip: bool(data.vip),
        created_at: toDate(data.createdAt ?? data.date ?? data.timestamp) ?? null,
      });
    } else if (collection === COLLECTIONS.sports) {
      count('sports');
      staged.sports.push({ docId: id, data });
    } else if (collection === COLLECTIONS.waitingList && id === 'numbers' && typeof data.users === 'number') {
      staged.oldCounter = data.users;
    } else if (collection === COLLECTIONS.consts && id === 'public_amounts' && typeof data.bonusAmount === 'number') {
      staged.bonusAmount = data.bonusAmount;
    }
  }
  for (const batcher of [profiles, words, reactions, answers]) await batcher.flush();
  return staged;
}
