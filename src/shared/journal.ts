/**
 * The audit journal: every admin and moderator action, and an organisation's change of its
 * public name, written in the same transaction as the action
 * (server/capabilities/journal/record.ts), read on /admin/journal.
 */
export const JOURNAL_KINDS = [
  'moderation/approve',
  'moderation/unapprove',
  'moderation/refuse',
  'moderation/vip',
  'moderation/withdraw',
  'allowlist/add',
  'allowlist/remove',
  'roles/grant',
  'roles/revoke',
  'roles/bootstrap',
  'roles/import',
  'member/suspend',
  'member/reinstate',
  'member/delete',
  'settings/update',
  'past-trips/add',
  'past-trips/remove',
  'newsletter/test',
  'newsletter/send',
  'newsletter/unsubscribe',
  'account/rename',
  'texts/publish',
  'texts/restore',
  'wiki/create',
  'wiki/hide',
  'wiki/show',
  'wiki/reorder',
  'factors/add',
  'factors/remove',
  'factors/recovery-code',
  'factors/reset',
] as const;

export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const isJournalKind = (value: string): value is JournalKind => (JOURNAL_KINDS as readonly string[]).includes(value);

/** What /admin/journal shows for each kind. */
export const journalKindLabels: Readonly<Record<JournalKind, string>> = {
  'moderation/approve': 'Approbation',
  'moderation/unapprove': 'Approbation annulée',
  'moderation/refuse': 'Refus',
  'moderation/vip': 'Mise en avant (VIP)',
  'moderation/withdraw': 'Retrait',
  'allowlist/add': 'Organisation autorisée',
  'allowlist/remove': 'Organisation retirée',
  'roles/grant': 'Rôle donné',
  'roles/revoke': 'Rôle retiré',
  'roles/bootstrap': 'Rôle admin donné au démarrage (ADMIN_EMAIL)',
  'roles/import': 'Rôle repris du site Firebase',
  'member/suspend': 'Compte suspendu',
  'member/reinstate': 'Compte rétabli',
  'member/delete': 'Compte supprimé',
  'settings/update': 'Réglages modifiés',
  'past-trips/add': 'Trajet ajouté',
  'past-trips/remove': 'Trajet retiré',
  'newsletter/test': 'Newsletter : mail de test',
  'newsletter/send': 'Newsletter envoyée',
  'newsletter/unsubscribe': 'Newsletter : membre désinscrit par un admin',
  'account/rename': "Nom d'organisation changé",
  'texts/publish': 'Texte publié',
  'texts/restore': 'Ancienne version d’un texte republiée',
  'wiki/create': 'Article du wiki créé',
  'wiki/hide': 'Article du wiki masqué',
  'wiki/show': 'Article du wiki affiché',
  'wiki/reorder': 'Menu du wiki réordonné',
  'factors/add': 'Moyen de connexion ajouté',
  'factors/remove': 'Moyen de connexion retiré',
  'factors/recovery-code': 'Code de secours utilisé',
  'factors/reset': 'Validation en deux étapes réinitialisée',
};

/** Journal rows come this many at a time, newest first. */
export const JOURNAL_PAGE_SIZE = 50;

/** The journal keeps 12 months, as the privacy policy says of logs ("Journaux techniques : 12 mois"). */
export const JOURNAL_RETENTION_MONTHS = 12;

export interface JournalEntry {
  id: string;
  at: string;
  actorId: string | null;
  /** The actor's username when the action was taken (kept if the account goes). */
  actor: string;
  kind: JournalKind;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  details: Record<string, unknown>;
}

/** GET /api/admin/journal?actor=&kind=&before= : `next` is the cursor of the following page. */
export interface JournalPage {
  entries: JournalEntry[];
  next: string | null;
}

/** GET /api/admin/journal/actors: whoever appears in the journal, for the filter. */
export interface JournalActors {
  actors: { id: string; name: string }[];
}
