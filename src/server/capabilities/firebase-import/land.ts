import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { REACTIONS } from '../../../shared/sports';
import { checkSurveyResponses, isSurveyId, isValidBonusAmount, surveyCheckError, SURVEYS } from '../../../shared/surveys';
import { isValidEmojiField, isValidSportName, sportDuplicateKey, sportId } from '../../../shared/validation';
import type { Database } from '../../platform/db/schema';
import { FIREBASE_HASH_SETTING, type FirebaseHashParameters } from '../accounts/index';
import { readPublicAmounts, writePublicAmounts } from '../settings/index';
import { type ImportReport, skip } from './report';
import type { ImportProgress, StagedFirestore } from './stage';
import { staging } from './staging';
import { bool, text } from './values';

/** Runs one batch: its own committed transaction, or (a dry run) a part of the run's one transaction. */
export type RunBatch = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

const ROWS_PER_BATCH = 5000;
/** Whether the survey answers were imported: anonymous, they carry nothing a second run could recognise. */
const ANSWERS_IMPORTED_SETTING = 'firebase.surveyAnswersImported';

/** The project's hash parameters (the accounts' old passwords need them) and the survey bonus. */
export async function landSettings(db: Kysely<Database>, parameters: FirebaseHashParameters, staged: StagedFirestore, report: ImportReport) {
  await db
    .insertInto('settings')
    .values({ key: FIREBASE_HASH_SETTING, value: JSON.stringify(parameters) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(parameters), updated_at: sql`now()` }))
    .execute();
  report.bonusAmount.old = staged.bonusAmount;
  if (staged.bonusAmount === null || !isValidBonusAmount(staged.bonusAmount)) return;
  const already = await db.selectFrom('settings').select('key').where('key', '=', 'public_amounts').executeTakeFirst();
  if (already && (await readPublicAmounts(db)).bonusAmount !== staged.bonusAmount) {
    report.bonusAmount.outcome = 'kept';
    return;
  }
  await writePublicAmounts(db, { bonusAmount: staged.bonusAmount });
  report.bonusAmount.outcome = 'imported';
}

/**
 * Runs `work` with a row trigger off, in the batch's transaction: the work does the trigger's
 * job for the whole batch in one statement (a row trigger costs most of a bulk insert: 244 ms
 * of 1,000 accounts' insert, 32 ms without it). ALTER TABLE holds the table's exclusive lock
 * until the commit and is undone with the rest if the batch fails, so no other transaction
 * ever writes while the trigger is off.
 */
export async function withoutRowTrigger<T>(trx: Transaction<Database>, table: string, trigger: string, work: () => Promise<T>): Promise<T> {
  await sql`alter table ${sql.table(table)} disable trigger ${sql.id(trigger)}`.execute(trx);
  const result = await work();
  await sql`alter table ${sql.table(table)} enable trigger ${sql.id(trigger)}`.execute(trx);
  return result;
}

export async function landSports(batch: RunBatch, staged: StagedFirestore, report: ImportReport) {
  const counts = report.counts.sports;
  await batch(async (trx) => {
    const authors = new Map<string, string>();
    const uids = [...new Set(staged.sports.map((sport) => text(sport.data.submittedBy)).filter(Boolean))];
    if (uids.length > 0) {
      for (const row of await trx.selectFrom('users').select(['id', 'firebase_uid']).where('firebase_uid', 'in', uids).execute()) authors.set(row.firebase_uid!, row.id);
    }
    const now = new Date();
    for (const { docId, data } of staged.sports) {
      const name = text(data.name) || docId.charAt(0).toLocaleUpperCase('fr') + docId.slice(1);
      if (!isValidSportName(name)) {
        skip(report, 'sports', docId, 'nom de sport invalide');
        continue;
      }
      const id = sportId(name);
      const emoji = text(data.emoji);
      const isPublic = bool(data.public);
      const written = await trx
        .insertInto('sports')
        .values({
          id,
          name,
          duplicate_key: sportDuplicateKey(name),
          emoji: isValidEmojiField(emoji) ? emoji : '',
          submitted_by: authors.get(text(data.submittedBy)) ?? null,
          public: isPublic,
          published_at: isPublic ? now : null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (written) counts.imported += 1;
      else if (await trx.selectFrom('sports').select('id').where('id', '=', id).executeTakeFirst()) counts.alreadyThere += 1;
      else skip(report, 'sports', docId, 'un sport équivalent (accents, majuscules) existe déjà sur le site');
    }
  });
}

/**
 * The reactions, at most one per member and sport (the first listed wins), a range of the
 * export's order per transaction. The sports' totals, which a row trigger keeps for every
 * vote, are added up once per batch instead. A uid the import did not bring is reported.
 */
export async function landReactions(db: Kysely<Database>, batch: RunBatch, report: ImportReport, progress: ImportProgress) {
  const counts = report.counts.reactions;
  progress.phase('Réactions', counts.read);
  await sql`alter table firebase_import_reactions add column repeated boolean not null default false`.execute(db);
  await sql`update firebase_import_reactions set repeated = true where seq in (
    select seq from (select seq, row_number() over (partition by sport, uid order by seq) as rank from firebase_import_reactions) as ranked where rank > 1)`.execute(db);
  const last = Number((await sql<{ last: string | null }>`select max(seq) as last from firebase_import_reactions`.execute(db)).rows[0]?.last ?? 0);
  for (let from = 0; from < last; from += ROWS_PER_BATCH) {
    const to = from + ROWS_PER_BATCH;
    const batchRows = sql`select r.seq, r.sport, r.uid, r.reaction, r.repeated, u.id as user_id, s.id as sport_id
      from firebase_import_reactions r left join users u on u.firebase_uid = r.uid left join sports s on s.id = r.sport
      where r.seq > ${from} and r.seq <= ${to}`;
    const landed = await batch((trx) =>
      withoutRowTrigger(trx, 'sport_reactions', 'sport_reaction_counts', async () => {
        const result = await sql<{ eligible: string; inserted: string }>`
          with batch as (${batchRows}),
          eligible as (select * from batch where user_id is not null and sport_id is not null and not repeated and reaction in ('love', 'wow', 'no')),
          inserted as (
            insert into sport_reactions (sport_id, user_id, reaction) select sport_id, user_id, reaction from eligible
            on conflict do nothing returning sport_id, reaction),
          totals as (
            update sports set love_count = love_count + added.love, wow_count = wow_count + added.wow, no_count = no_count + added.no
            from (select sport_id, count(*) filter (where reaction = 'love')::int as love, count(*) filter (where reaction = 'wow')::int as wow,
                         count(*) filter (where reaction = 'no')::int as no
                  from inserted group by sport_id) as added
            where sports.id = added.sport_id)
          select (select count(*) from eligible) as eligible, (select count(*) from inserted) as inserted`.execute(trx);
        return result.rows[0];
      }),
    );
    counts.imported += Number(landed.inserted);
    counts.alreadyThere += Number(landed.eligible) - Number(landed.inserted);
    const left = await sql<{ sport: string; uid: string; reaction: string; repeated: boolean; user_id: string | null; sport_id: string | null }>`
      select * from (${batchRows}) as batch
      where user_id is null or sport_id is null or repeated or reaction not in ('love', 'wow', 'no') order by seq`.execute(db);
    for (const row of left.rows) {
      const record = `${row.sport}/${row.uid}`;
      if (!(REACTIONS as readonly string[]).includes(row.reaction)) skip(report, 'reactions', record, `réaction inconnue (${row.reaction})`);
      else if (!row.user_id) skip(report, 'reactions', record, 'membre absent de l’import');
      else if (!row.sport_id) skip(report, 'reactions', record, 'sport écarté');
      else skip(report, 'reactions', record, 'une seule réaction par membre et par sport : la première est gardée');
    }
    progress.update(counts.imported + counts.alreadyThere + counts.skipped, counts.imported, counts.skipped);
  }
}

/**
 * The words (staged only if the site's rule lets them by): one per author as the spec says
 * (the newest public one, else the newest), the others reported; a member who already has a
 * word here keeps it. A public word waits for moderation, as a word left here does, unless
 * the operator publishes them all (`--words-published`).
 */
export async function landWords(db: Kysely<Database>, batch: RunBatch, report: ImportReport, progress: ImportProgress) {
  const counts = report.counts.words;
  progress.phase('Mots de soutien', counts.read);
  await sql`create index firebase_import_words_author on firebase_import_words (author, public, created_at, seq)`.execute(db);
  for (let cursor = 0; ; ) {
    const rows = await staging(db)
      .selectFrom('firebase_import_words as w')
      .leftJoin('users as u', 'u.firebase_uid', 'w.author')
      .select(['w.seq', 'w.id', 'w.author', 'w.content', 'w.public', 'w.vip', 'w.created_at', 'u.id as user_id'])
      .select(
        sql<boolean>`exists (select 1 from firebase_import_words better where better.author = w.author and better.seq <> w.seq
          and (better.public, coalesce(better.created_at, '-infinity'), better.seq) > (w.public, coalesce(w.created_at, '-infinity'), w.seq))`.as('outranked'),
      )
      .where('w.seq', '>', cursor)
      .orderBy('w.seq')
      .limit(ROWS_PER_BATCH)
      .execute();
    if (rows.length === 0) break;
    cursor = rows.at(-1)!.seq;
    const now = new Date();
    const values: Insertable<Database['words']>[] = [];
    for (const row of rows) {
      if (!row.user_id) skip(report, 'words', row.id, `auteur ${row.author || '(aucun)'} absent de l’import`);
      else if (row.outranked) skip(report, 'words', row.id, 'un seul mot par membre : le plus récent des mots publics est gardé');
      else {
        const createdAt = row.created_at ?? now;
        const published = row.public && report.wordsPublished;
        values.push({ author_id: row.user_id, content: row.content, public: published, vip: row.vip, created_at: createdAt, published_at: published ? createdAt : null });
      }
    }
    if (values.length > 0) {
      const written = await batch((trx) => trx.insertInto('words').values(values).onConflict((oc) => oc.column('author_id').doNothing()).returning('id').execute());
      counts.imported += written.length;
      counts.alreadyThere += values.length - written.length;
    }
    progress.update(counts.imported + counts.alreadyThere + counts.skipped, counts.imported, counts.skipped);
  }
}

/**
 * The old survey answers, anonymous as ours (no member id crosses over), all in one
 * transaction with the mark that they were imported: nothing in an answer tells a second
 * run it is already here.
 */
export async function landSurveyAnswers(batch: RunBatch, report: ImportReport) {
  const counts = report.counts.surveyAnswers;
  if (counts.read === 0) return;
  await batch(async (trx) => {
    const valid: { surveyId: string; responses: string; answeredOn: Date | null }[] = [];
    for (const row of await staging(trx).selectFrom('firebase_import_answers').selectAll().orderBy('seq').execute()) {
      if (!isSurveyId(row.survey_id)) {
        skip(report, 'surveyAnswers', row.id, `questionnaire inconnu du site (${row.survey_id || 'aucun'})`);
        continue;
      }
      const check = checkSurveyResponses(SURVEYS[row.survey_id], row.responses);
      if (surveyCheckError(check)) skip(report, 'surveyAnswers', row.id, 'réponses qui ne suivent pas le questionnaire du site');
      else valid.push({ surveyId: row.survey_id, responses: JSON.stringify(check.responses), answeredOn: row.answered_on });
    }
    if (await trx.selectFrom('settings').select('key').where('key', '=', ANSWERS_IMPORTED_SETTING).executeTakeFirst()) {
      counts.alreadyThere = valid.length;
      return;
    }
    for (const answer of valid) {
      await sql`insert into survey_answers (survey_id, responses, answered_on)
        values (${answer.surveyId}, ${answer.responses}, coalesce(${answer.answeredOn}::date, current_date))`.execute(trx);
    }
    counts.imported = valid.length;
    await trx.insertInto('settings').values({ key: ANSWERS_IMPORTED_SETTING, value: JSON.stringify(valid.length) }).execute();
  });
}
