import { isRole, roleLabels } from '../../../shared/permissions';
import type { RoleChoice } from './role-grants';

/** What the import reports for each kind of record. */
const KINDS = ['accounts', 'pictures', 'words', 'sports', 'reactions', 'surveySubmissions', 'surveyAnswers'] as const;
export type Kind = (typeof KINDS)[number];

const KIND_LABELS: Record<Kind, string> = {
  accounts: 'Comptes',
  pictures: 'Photos de profil',
  words: 'Mots de soutien',
  sports: 'Sports proposés',
  reactions: 'Réactions',
  surveySubmissions: 'Questionnaires marqués répondus',
  surveyAnswers: 'Réponses aux questionnaires',
};

interface KindCounts {
  /** Records found in the export. */
  read: number;
  /** Written by this run. */
  imported: number;
  /** Already in the database (an earlier run): left as they are. */
  alreadyThere: number;
  /** Left out, each with its reason in `skipped`. */
  skipped: number;
}

/** A record left out, or imported with a field changed to fit the site's rules. */
interface NotedRecord {
  kind: Kind;
  /** The record in the export: a uid, a document id, 'sport/uid'… */
  record: string;
  reason: string;
}

/** An imported account the report names whatever their number: staff, or an organisation in the public guide. */
interface NamedAccount {
  uid: string;
  email: string;
  username: string;
}

export interface ImportReport {
  dryRun: boolean;
  counts: Record<Kind, KindCounts>;
  skipped: NotedRecord[];
  /** Imported, but with what the site's rules refuse left out or replaced. */
  corrected: NotedRecord[];
  /** Accounts that signed in through a provider only: no password to keep, 'Mot de passe oublié' gives them one. */
  withoutPassword: string[];
  /** The counter of persons: the old site's WaitingList/numbers.users, and ours after the import. */
  counter: { old: number | null; now: number };
  /** The survey bonus (Consts/public_amounts.bonusAmount), and what became of it. */
  bonusAmount: { old: number | null; outcome: 'imported' | 'kept' | 'absent' };
  subscribed: boolean;
  /** Where roles came from: nowhere (the default), the export (--keep-roles) or the command line (--roles). */
  roles: RoleChoice;
  /** The imported accounts that hold a role, and the imported organisations (decision 0035). */
  roleHolders: (NamedAccount & { roles: string[] })[];
  organisations: NamedAccount[];
  /** The old site's public words are on the wall at once (--words-published), else waiting for moderation. */
  wordsPublished: boolean;
}

export function emptyReport(options: Pick<ImportReport, 'dryRun' | 'subscribed' | 'roles' | 'wordsPublished'>): ImportReport {
  const counts = Object.fromEntries(KINDS.map((kind) => [kind, { read: 0, imported: 0, alreadyThere: 0, skipped: 0 }])) as Record<Kind, KindCounts>;
  return {
    ...options,
    counts,
    skipped: [],
    corrected: [],
    withoutPassword: [],
    counter: { old: null, now: 0 },
    bonusAmount: { old: null, outcome: 'absent' },
    roleHolders: [],
    organisations: [],
  };
}

export function skip(report: ImportReport, kind: Kind, record: string, reason: string) {
  report.counts[kind].skipped += 1;
  report.skipped.push({ kind, record, reason });
}

export function correct(report: ImportReport, kind: Kind, record: string, reason: string) {
  report.corrected.push({ kind, record, reason });
}

const SHOWN_RECORDS = 30;

const ROLE_SOURCES: Record<RoleChoice['from'], string> = {
  none: 'les rôles de l’ancien site ne sont repris qu’avec --keep-roles ou --roles',
  export: 'les rôles de l’ancien site, --keep-roles',
  list: 'les rôles donnés par --roles',
};

const named = (account: NamedAccount) => `${account.username} (${account.email}, ${account.uid})`;

/** The first records of a list, and where to find the others. */
function firstRecords(lines: string[], title: string, records: NotedRecord[], reportFile: string | undefined) {
  if (records.length === 0) return;
  lines.push(`${title} (${records.length}) :`);
  for (const { kind, record, reason } of records.slice(0, SHOWN_RECORDS)) lines.push(`  ${KIND_LABELS[kind]} ${record} : ${reason}`);
  if (records.length > SHOWN_RECORDS) lines.push(`  … et ${records.length - SHOWN_RECORDS} autres${reportFile ? ` (tous dans ${reportFile})` : ' (--report FICHIER les écrit tous)'}.`);
}

/**
 * The report as the command prints it: counts per kind, every account given a role and every
 * organisation, then the first records left out or corrected.
 */
export function formatReport(report: ImportReport, reportFile?: string): string {
  const lines = [report.dryRun ? 'Essai (--dry-run) : rien n’a été écrit. Voici ce que l’import ferait :' : 'Import terminé.'];
  for (const kind of KINDS) {
    const { read, imported, alreadyThere, skipped } = report.counts[kind];
    if (read === 0) continue;
    lines.push(`- ${KIND_LABELS[kind]} : lus ${read} · importés ${imported} · déjà là ${alreadyThere} · écartés ${skipped}`);
  }
  lines.push(`- Compteur de membres : ${report.counter.now} (l'ancien site affichait ${report.counter.old ?? '—'})`);
  if (report.bonusAmount.outcome === 'imported') lines.push(`- Bonus du premier trajet : ${report.bonusAmount.old} € repris`);
  if (report.bonusAmount.outcome === 'kept') lines.push(`- Bonus du premier trajet : déjà réglé sur le site, laissé tel quel (l'ancien : ${report.bonusAmount.old} €)`);
  lines.push(
    report.subscribed
      ? '- Newsletter : les membres importés sont inscrits (--subscribed : tu affirmes qu’ils y ont consenti)'
      : '- Newsletter : les membres importés ne sont pas inscrits (l’ancien site ne demandait pas de consentement)',
  );
  if (report.withoutPassword.length > 0) {
    lines.push(`- Comptes sans mot de passe (connexion par Google, Apple…) : ${report.withoutPassword.length} ; ils en obtiendront un avec « Mot de passe oublié ».`);
  }
  if (report.counts.words.read > 0) {
    lines.push(
      report.wordsPublished
        ? '- Mots publics de l’ancien site : sur le mur (--words-published)'
        : '- Mots publics de l’ancien site : en attente de modération (/admin/moderation) ; --words-published les aurait publiés',
    );
  }
  lines.push(`- Comptes avec un rôle : ${report.roleHolders.length} (${ROLE_SOURCES[report.roles.from]})`);
  for (const holder of report.roleHolders) lines.push(`    ${holder.roles.map((role) => (isRole(role) ? roleLabels[role] : role)).join(', ')} : ${named(holder)}`);
  lines.push(`- Organisations : ${report.organisations.length} (dans le guide public une fois leur adresse vérifiée)`);
  for (const organisation of report.organisations) lines.push(`    ${named(organisation)}`);
  firstRecords(lines, 'Écartés', report.skipped, reportFile);
  firstRecords(lines, 'Importés avec une correction', report.corrected, reportFile);
  return lines.join('\n');
}
