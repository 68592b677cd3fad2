import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { roleLabels, type Role } from '../../../shared/permissions';
import { isSurveyId, type SurveyId } from '../../../shared/surveys';
import { isValidEmail, normalizeEmail } from '../../../shared/validation';
import type { Database } from '../../platform/db/schema';
import { firebasePasswordHash } from '../accounts/index';
import { recordAction } from '../journal/index';
import { withoutRowTrigger, type RunBatch } from './land';
import { profileTexts, type Profile } from './profile';
import { correct, type ImportReport, skip } from './report';
import { grantedRoles, type RoleChoice } from './role-grants';
import type { ImportProgress } from './stage';
import { staging } from './staging';
import { text } from './values';

// The accounts' part of the import (land.ts lands the rest): who moves in, under which name,
// with which roles and account type, and what the report says of them.
const ACCOUNTS_PER_BATCH = 2000;
const IMPORTED_BY = 'Import Firebase';

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** An account of the export about to be written, and what was changed to fit the site's rules. */
interface AccountCandidate {
  row: { uid: string };
  surveys: SurveyId[];
  corrections: string[];
  values: Omit<Insertable<Database['users']>, 'roles'> & { email: string; username: string; firebase_uid: string; roles: Role[] };
}

/** `accountType` as the old site wrote it, in either spelling: the account asks to be an organisation. */
const asksOrganisation = (accountType: unknown) => typeof accountType === 'string' && ['organisation', 'organization'].includes(accountType.trim().toLowerCase());

/**
 * An organisation whose address is not on the allowlist becomes a member: a registration here
 * would be refused (decision 0026), and the old site's `accountType` may be the member's own
 * writing.
 */
async function keepAllowlistedOrganisations(trx: Transaction<Database>, candidates: AccountCandidate[]) {
  const asking = candidates.filter((candidate) => candidate.values.account_type === 'organisation');
  if (asking.length === 0) return;
  const allowlist = await trx.selectFrom('organisation_allowlist').select('email').where('email', 'in', asking.map((candidate) => candidate.values.email)).execute();
  const allowed = new Set(allowlist.map((row) => row.email));
  for (const candidate of asking.filter((candidate) => !allowed.has(candidate.values.email))) {
    candidate.values.account_type = 'user';
    candidate.corrections.push('organisation dont l’adresse n’est pas sur la liste des organisations autorisées (/admin/organisations) : importée comme membre');
  }
}

/**
 * The accounts, two thousand per transaction, in the export's order: each with its Firestore
 * profile under the site's rules, its old password hash kept for the first sign-in, the roles
 * the operator chose to give (journaled), its surveys marked answered. An organisation stays
 * one only if its address is on the organisations' allowlist, as a registration here. What
 * was changed to fit is reported. An account already imported (its Firebase uid is here) is
 * left as it is; an address or username another account holds is reported, never merged.
 */
export async function landAccounts(
  db: Kysely<Database>,
  batch: RunBatch,
  report: ImportReport,
  options: { subscribed: boolean; roles: RoleChoice },
  progress: ImportProgress,
) {
  const counts = report.counts.accounts;
  progress.phase('Comptes', counts.read);
  const now = new Date();
  for (let cursor = 0; ; ) {
    const rows = await staging(db)
      .selectFrom('firebase_import_accounts as a')
      .leftJoin('firebase_import_profiles as p', 'p.uid', 'a.uid')
      .selectAll('a')
      .select('p.data as profile')
      .where('a.seq', '>', cursor)
      .orderBy('a.seq')
      .limit(ACCOUNTS_PER_BATCH)
      .execute();
    if (rows.length === 0) break;
    cursor = rows.at(-1)!.seq;
    await batch(async (trx) => {
      const present = new Set(
        (await trx.selectFrom('users').select('firebase_uid').where('firebase_uid', 'in', rows.map((row) => row.uid)).execute()).map((row) => row.firebase_uid),
      );
      const candidates: AccountCandidate[] = [];
      for (const row of rows) {
        const profile = (row.profile ?? {}) as Profile;
        const surveys = profile.surveys && typeof profile.surveys === 'object' ? Object.keys(profile.surveys).filter((id) => (profile.surveys as Record<string, unknown>)[id] === true) : [];
        report.counts.surveySubmissions.read += surveys.length;
        if (present.has(row.uid)) {
          counts.alreadyThere += 1;
          report.counts.surveySubmissions.alreadyThere += surveys.length;
          continue;
        }
        const email = normalizeEmail(row.email);
        if (!isValidEmail(email)) {
          skip(report, 'accounts', row.uid, `adresse invalide (${row.email})`);
          continue;
        }
        for (const id of surveys.filter((id) => !isSurveyId(id))) skip(report, 'surveySubmissions', `${row.uid}/${id}`, 'questionnaire inconnu du site');
        const known = surveys.filter(isSurveyId);
        const { texts, corrections } = profileTexts(profile, { uid: row.uid, email, displayName: text(row.display_name) });
        const roles = grantedRoles(options.roles, email, profile.roles);
        const ignored = grantedRoles({ from: 'export' }, email, profile.roles).filter((role) => !roles.includes(role));
        if (ignored.length > 0) corrections.push(`rôle de l’ancien site non repris (${ignored.join(', ')}) : --keep-roles ou --roles le donne`);
        candidates.push({
          row,
          surveys: known,
          corrections,
          values: {
            email,
            ...texts,
            // An organisation until the allowlist says otherwise, below.
            account_type: asksOrganisation(profile.accountType) ? ('organisation' as const) : ('user' as const),
            roles,
            surveys: JSON.stringify(Object.fromEntries(known.map((id) => [id, true]))),
            past_trips: JSON.stringify(list(profile.pastTrips)),
            newsletter: options.subscribed,
            password_hash: firebasePasswordHash(row.password_salt ?? '', row.password_hash ?? ''),
            firebase_uid: row.uid,
            created_at: row.created_at ?? now,
            last_seen_at: row.last_signed_in_at ?? row.created_at ?? now,
            email_verified_at: row.email_verified ? now : null,
            suspended_at: row.disabled ? now : null,
          },
        });
      }
      if (candidates.length === 0) return;
      await keepAllowlistedOrganisations(trx, candidates);
      const inserted = await withoutRowTrigger(trx, 'users', 'users_search_terms', async () => {
        const rows = await trx
          .insertInto('users')
          .values(candidates.map((candidate) => candidate.values))
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'firebase_uid', 'username', 'email', 'roles'])
          .execute();
        // The trigger's own statement, for the whole batch at once.
        await sql`insert into user_search_terms (term, user_id)
          select word, users.id from users, unissons_search_words(concat_ws(' ', users.email, users.username, users.firstname, users.lastname)) as word
          where users.id = any(${rows.map((row) => row.id)}::uuid[])
          on conflict do nothing`.execute(trx);
        return rows;
      });
      const landed = new Map(inserted.map((user) => [user.firebase_uid, user]));
      const refused = candidates.filter((candidate) => !landed.has(candidate.row.uid));
      if (refused.length > 0) await reportRefusedAccounts(trx, refused.map((candidate) => candidate.values), report);
      const submissions = [];
      for (const candidate of candidates) {
        const user = landed.get(candidate.row.uid);
        if (!user) continue;
        counts.imported += 1;
        for (const correction of candidate.corrections) correct(report, 'accounts', candidate.row.uid, correction);
        for (const surveyId of candidate.surveys) submissions.push({ survey_id: surveyId, user_id: user.id });
        const { roles } = candidate.values;
        if (roles.length > 0) {
          await recordAction(trx, {
            actorId: user.id,
            kind: 'roles/import',
            targetType: 'user',
            targetId: user.id,
            summary: `${roles.map((role) => roleLabels[role]).join(', ')} ${options.roles.from === 'export' ? 'sur l’ancien site' : 'donné par --roles'} : ${user.username} (${user.email})`,
            details: { roles, firebaseUid: candidate.row.uid, by: IMPORTED_BY },
          });
        }
      }
      if (submissions.length > 0) {
        const marked = await trx.insertInto('survey_submissions').values(submissions).onConflict((oc) => oc.doNothing()).returning('user_id').execute();
        report.counts.surveySubmissions.imported += marked.length;
      }
    });
    progress.update(counts.imported + counts.alreadyThere + counts.skipped, counts.imported, counts.skipped);
  }
}

/** Why an account was not written: its address, or its username, belongs to another account. */
async function reportRefusedAccounts(trx: Transaction<Database>, refused: { email: string; username: string; firebase_uid: string }[], report: ImportReport) {
  const holders = await trx
    .selectFrom('users')
    .select(['email', sql<string>`lower(username)`.as('username'), 'firebase_uid'])
    .where((eb) => eb.or([eb('email', 'in', refused.map((account) => account.email)), eb(sql`lower(username)`, 'in', refused.map((account) => account.username.toLowerCase()))]))
    .execute();
  for (const account of refused) {
    const byEmail = holders.find((holder) => holder.email === account.email);
    const reason = byEmail
      ? `adresse ${account.email} déjà utilisée par ${byEmail.firebase_uid ? `le compte importé ${byEmail.firebase_uid}` : 'un compte du site'}`
      : `nom d’utilisateur « ${account.username} » déjà pris sur le site`;
    skip(report, 'accounts', account.firebase_uid, reason);
  }
}

/**
 * Every imported account that holds a role and every imported organisation, this run's and
 * earlier ones', for the report to name them all (decision 0035): staff can do anything, and an
 * organisation shows in the public guide.
 */
export async function listStaffAndOrganisations(db: Kysely<Database>, report: ImportReport) {
  const rows = await db
    .selectFrom('users')
    .select(['firebase_uid', 'email', 'username', 'roles', 'account_type'])
    .where('firebase_uid', 'is not', null)
    .where((eb) => eb.or([sql<boolean>`cardinality(roles) > 0`, eb('account_type', '=', 'organisation')]))
    .orderBy('email')
    .execute();
  const named = (row: (typeof rows)[number]) => ({ uid: row.firebase_uid!, email: row.email, username: row.username });
  report.roleHolders = rows.filter((row) => row.roles.length > 0).map((row) => ({ ...named(row), roles: row.roles }));
  report.organisations = rows.filter((row) => row.account_type === 'organisation').map(named);
}

/** The suggested sports, with their author when the author came along. */
