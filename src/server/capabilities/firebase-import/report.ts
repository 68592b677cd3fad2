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

interface SkippedRecord {
  kind: Kind;
  /** The record in the export: a uid, a document id, 'sport/uid'… */
  record: string;
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  counts: Record<Kind, KindCounts>;
  skipped: SkippedRecord[];
  /** Accounts that signed in through a provider only: no password to keep, 'Mot de passe oublié' gives them one. */
  withoutPassword: string[];
  /** The counter of persons: the old site's WaitingList/numbers.users, and ours after the import. */
  counter: { old: number | null; now: number };
  /** The survey bonus (Consts/public_amounts.bonusAmount), and what became of it. */
  bonusAmount: { old: number | null; outcome: 'imported' | 'kept' | 'absent' };
  subscribed: boolean;
}

export function emptyReport(dryRun: boolean, subscribed: boolean): ImportReport {
  const counts = Object.fromEntries(KINDS.map((kind) => [kind, { read: 0, imported: 0, alreadyThere: 0, skipped: 0 }])) as Record<Kind, KindCounts>;
  return { dryRun, counts, skipped: [], withoutPassword: [], counter: { old: null, now: 0 }, bonusAmount: { old: null, outcome: 'absent' }, subscribed };
}

export function skip(report: ImportReport, kind: Kind, record: string, reason: string) {
  report.counts[kind].skipped += 1;
  report.skipped.push({ kind, record, reason });
}

const SHOWN_SKIPPED = 30;

/** The report as the command prints it: counts per kind, then the first records left out. */
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
  if (report.skipped.length > 0) {
    lines.push(`Écartés (${report.skipped.length}) :`);
    for (const { kind, record, reason } of report.skipped.slice(0, SHOWN_SKIPPED)) lines.push(`  ${KIND_LABELS[kind]} ${record} : ${reason}`);
    if (report.skipped.length > SHOWN_SKIPPED) lines.push(`  … et ${report.skipped.length - SHOWN_SKIPPED} autres${reportFile ? ` (tous dans ${reportFile})` : ' (--report FICHIER les écrit tous)'}.`);
  }
  return lines.join('\n');
}
