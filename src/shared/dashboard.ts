// The admin's home page (/admin).

/** GET /api/admin/summary: what waits for the admin, for /admin. */
export interface AdminSummary {
  pendingWords: number;
  pendingSports: number;
  /** Events reported on /go_with_calshare. */
  eventReports: number;
}

/** What an alert is about; each is raised by a condition of the site's state (capabilities/dashboard/alerts.ts). */
export const ALERT_CONDITIONS = ['backup-missing', 'disk-low', 'mail-failing', 'newsletter-stalled', 'job-failing'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The alert's title, on the panel and as the mail's subject. */
export const alertTitles: Readonly<Record<AlertCondition, string>> = {
  'backup-missing': 'Aucune sauvegarde réussie depuis plus de 26 heures',
  'disk-low': "Moins de 10 % d'espace libre sur le disque",
  'mail-failing': "Le serveur d'envoi des mails refuse ou ne répond plus",
  'newsletter-stalled': "Une newsletter n'avance plus",
  'job-failing': 'Une tâche quotidienne échoue',
};

/** GET /api/admin/health: the site's state, for admins (/admin). Dates are ISO strings. */
export interface AdminHealth {
  version: string;
  startedAt: string;
  database: { mode: 'pglite' | 'postgres'; sizeBytes: number };
  /** Free space where DATA_DIR and BACKUP_DIR live. */
  disks: { setting: 'DATA_DIR' | 'BACKUP_DIR'; path: string; freeBytes: number; totalBytes: number }[];
  backups: {
    /** The newest backup in BACKUP_DIR; each is read back whole after it is written. */
    last: { file: string; at: string; bytes: number } | null;
    /** The embedded database's schedule (BACKUP_EVERY); null on PostgreSQL, whose host backs it up. */
    everyMs: number | null;
    next: string | null;
  };
  mail: { path: 'smtp' | 'outbox'; lastSuccessAt: string | null; failingSince: string | null; lastFailureAt: string | null; lastError: string | null };
  deliveries: { pending: number; sending: number; failedLast30Days: number };
  /** Accounts whose address a mail server refused for good. */
  undeliverableAddresses: number;
  jobs: { name: string; lastStartedAt: string | null; lastFinishedAt: string | null; lastSucceededAt: string | null; lastError: string | null; consecutiveFailures: number }[];
  /** On the instance that answered. */
  errorsLastDay: number;
  /** The alerts that hold now. */
  alerts: { condition: AlertCondition; detail: string; raisedAt: string; mailedAt: string | null }[];
}

/** The background jobs' names (the server's scheduler) as the health panel shows them. */
export const jobLabels: Readonly<Record<string, string>> = {
  backup: 'Sauvegarde',
  retention: 'Durées de conservation',
  'embedded database analyze': 'Statistiques de la base',
  'embedded database vacuum': 'Nettoyage de la base',
  'moderation digests': 'Résumé aux modérateurs',
  alerts: 'Alertes',
};

/** How far back the dashboard's charts go: weeks of the weekly charts, days of the reactions'. */
export const STATISTICS_WEEKS = 52;
export const STATISTICS_REACTION_DAYS = 90;
/** The sports shown in the ranking's chart. */
export const STATISTICS_RANKING_SIZE = 10;

/**
 * GET /api/admin/statistics: the figures of the dashboard's charts, counted at `countedAt` and
 * kept a few minutes. Weeks start on Monday and days at midnight, Paris time (YYYY-MM-DD);
 * every week and day of the period is there, oldest first, with zeros where nothing happened.
 */
export interface AdminStatistics {
  countedAt: string;
  weeks: {
    week: string;
    /** Who joined that week. */
    persons: number;
    organisations: number;
    /** Every member who had joined by the week's end, with those of them whose address is verified and who take the newsletter today. */
    members: number;
    verified: number;
    newsletter: number;
    words: number;
    /** Sports suggested. */
    sports: number;
    preUseAnswers: number;
    postUseAnswers: number;
  }[];
  reactions: { day: string; reactions: number }[];
  /** The vote page's first sports, in its order (the most reactions first). */
  ranking: { name: string; emoji: string; love: number; wow: number; no: number }[];
}
