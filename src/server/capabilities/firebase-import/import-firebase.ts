import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { countPersons } from '../accounts/index';
import { parseHashConfig } from './hash-config';
import { ImportError } from './import-error';
import { landReactions, landSettings, landSports, landSurveyAnswers, landWords, type RunBatch } from './land';
import { landAccounts, listStaffAndOrganisations } from './land-accounts';
import { landPictures } from './pictures';
import { emptyReport, type ImportReport } from './report';
import { checkGrantees, type RoleChoice } from './role-grants';
import { silentProgress, stageAuth, stageFirestore, type ImportProgress } from './stage';
import { createStagingTables, dropStagingTables, staging } from './staging';

export interface ImportOptions {
  /** `firebase auth:export users.json --format=json` */
  auth: string;
  /** The console's 'Password hash parameters', pasted, or as JSON. */
  hashConfig: string;
  /** The Firestore export (firestore-export-import or node-firestore-import-export). */
  firestore: string;
  /** A local copy of the Storage bucket; without it, pictures are fetched by URL. */
  pictures?: string;
  /** The collection path of the old survey answers, `*` for any document id. */
  surveyAnswers?: string;
  /** The operator asserts the members consented to the newsletter. */
  subscribed: boolean;
  /** Who gets a role (decision 0035): nobody unless the operator says so. */
  roles?: RoleChoice;
  /** The old site's public words go on the wall at once, instead of waiting for moderation. */
  wordsPublished?: boolean;
  dryRun: boolean;
}

class DryRunDone extends Error {}

async function readable(file: string, what: string) {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) throw new ImportError(`${file} : fichier introuvable (${what}).`);
  if (what === '--pictures' ? !stat.isDirectory() : !stat.isFile()) throw new ImportError(`${file} : ce n'est pas ${what === '--pictures' ? 'un dossier' : 'un fichier'} (${what}).`);
}

/**
 * Moves the Firebase site in: reads and checks the whole export first (nothing is written if
 * a file is unreadable or a record unusable), then lands it kind by kind in batches that each
 * commit whole. A second run, or a run after an interrupted one, writes only what is missing
 * and changes nothing already imported. A dry run does it all in one transaction it rolls back.
 */
export async function importFirebase(db: Kysely<Database>, options: ImportOptions, progress: ImportProgress = silentProgress): Promise<ImportReport> {
  await readable(options.auth, '--auth');
  await readable(options.hashConfig, '--hash-config');
  await readable(options.firestore, '--firestore');
  if (options.pictures) await readable(options.pictures, '--pictures');
  const parameters = parseHashConfig(await fs.readFile(options.hashConfig, 'utf8'), options.hashConfig);
  const roles = options.roles ?? { from: 'none' };
  const report = emptyReport({ dryRun: options.dryRun, subscribed: options.subscribed, roles, wordsPublished: options.wordsPublished ?? false });

  const run = async (db: Kysely<Database>, batch: RunBatch) => {
    await createStagingTables(db);
    await stageAuth(staging(db), options.auth, report, progress);
    if (report.counts.accounts.read === 0) throw new ImportError(`${options.auth} : aucun compte (le tableau "users" d'un export Auth est absent ou vide).`);
    await checkGrantees(staging(db), roles);
    const staged = await stageFirestore(staging(db), options.firestore, options.surveyAnswers, report, progress);
    await landSettings(db, parameters, staged, report);
    await landAccounts(db, batch, report, { subscribed: options.subscribed, roles }, progress);
    await landPictures(db, batch, options.pictures, report, progress);
    await landSports(batch, staged, report);
    await landReactions(db, batch, report, progress);
    await landWords(db, batch, report, progress);
    await landSurveyAnswers(batch, report);
    report.counter = { old: staged.oldCounter, now: await countPersons(db) };
    await listStaffAndOrganisations(db, report);
  };

  try {
    if (options.dryRun) {
      await db
        .transaction()
        .execute(async (trx) => {
          await run(trx, (work) => work(trx));
          throw new DryRunDone();
        })
        .catch((error: unknown) => {
          if (!(error instanceof DryRunDone)) throw error;
        });
    } else {
      try {
        await run(db, (work) => db.transaction().execute(work));
      } finally {
        await dropStagingTables(db);
      }
    }
  } finally {
    progress.stop();
  }
  return report;
}
