import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasPermission, type Permission } from '../../../shared/permissions';
import { useLoad } from '../../platform/data/useLoad';
import { LoadingView } from '../../platform/ui/Spinner';
import { useAuth } from '../../platform/session/auth-context';
import { getAdminSummary, type AdminSummary } from './api';
import '../../platform/ui/admin.css';
import './dashboard.css';

interface AdminPage {
  to: string;
  title: string;
  description: string;
  /** Who sees the link (shared/permissions.ts); the server guards the page's API the same way. */
  permission: Permission;
  /** What waits on that page, once the summary has loaded. */
  waiting?(summary: AdminSummary): string | undefined;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}

const PAGES: AdminPage[] = [
  {
    to: '/admin/moderation',
    title: 'Modération',
    description: 'Approuver ou refuser les mots de soutien et les sports suggérés, marquer un mot VIP.',
    permission: 'moderate',
    waiting: ({ pendingWords, pendingSports }) =>
      pendingWords + pendingSports > 0
        ? `${plural(pendingWords, 'mot', 'mots')} et ${plural(pendingSports, 'sport', 'sports')} en attente`
        : undefined,
  },
  {
    to: '/admin/textes',
    title: 'Textes du site',
    description:
      'Modifier les articles du wiki, la politique de confidentialité, le mot des fondateurs et les documents légaux, voir leur historique.',
    permission: 'edit-texts',
  },
  {
    to: '/admin/members',
    title: 'Membres',
    description: 'Chercher un membre, voir son compte, donner ou retirer un rôle, suspendre ou supprimer un compte.',
    permission: 'administer',
  },
  {
    to: '/admin/journal',
    title: 'Journal',
    description: 'Qui a fait quoi, et quand, dans l’administration (12 derniers mois).',
    permission: 'administer',
  },
  {
    to: '/admin/organisations',
    title: 'Organisations',
    description: 'Autoriser les adresses mail qui peuvent créer un compte organisation, voir les organisations inscrites.',
    permission: 'administer',
  },
  {
    to: '/admin/surveys',
    title: 'Sondages',
    description: 'Résultats des questionnaires avant et après usage, export CSV.',
    permission: 'administer',
  },
  {
    to: '/admin/settings',
    title: 'Réglages',
    description: 'Montant du bonus du premier trajet.',
    permission: 'administer',
  },
  {
    to: '/admin/newsletter-editor',
    title: 'Newsletter',
    description: "Écrire, tester et envoyer la newsletter, suivre l'envoi en cours.",
    permission: 'administer',
  },
];

/**
 * /admin (PRODUCT.md): every admin page, with what waits for review. Other features' admin
 * panels (event reports, wiki feedback) come in as children, composed by the route, and are
 * shown to admins only: a moderator sees the moderation link alone, an editor the texts' pages.
 */
export function AdminHome({ children }: { children?: ReactNode }) {
  const { state } = useAuth();
  const roles = state.user?.roles ?? [];
  const isAdmin = hasPermission(roles, 'administer');
  const pages = PAGES.filter((page) => hasPermission(roles, page.permission));
  // Counts are a bonus: without them (endpoint down) the links still work, and no error shows.
  // An editor has nothing to moderate: the summary is the moderators' and admins' (its API's group).
  // The page waits for the counts it shows (a few milliseconds): drawn without them, its cards
  // grew when the counts came and moved under the pointer.
  const { data: summary, loading: counting } = useLoad(
    hasPermission(roles, 'moderate') ? 'admin-summary' : null,
    getAdminSummary,
  );

  const toModerate = summary ? summary.pendingWords + summary.pendingSports : 0;
  const reports = isAdmin ? (summary?.eventReports ?? 0) : 0;
  const summaryText = !summary
    ? ''
    : toModerate === 0 && reports === 0
      ? 'Rien en attente pour le moment 🎉'
      : [
          toModerate > 0 && `${plural(toModerate, 'élément', 'éléments')} à modérer`,
          reports > 0 && plural(reports, 'événement signalé', 'événements signalés'),
        ]
          .filter(Boolean)
          .join(' · ');

  if (counting) return <LoadingView label="Chargement de l'administration…" />;

  return (
    <div className="container section admin">
      <header className="admin__header">
        <p className="eyebrow">Espace réservé</p>
        <h1>Administration</h1>
        {summaryText && <p className="admin__summary">{summaryText}</p>}
      </header>
      <ul className="admin__pages" role="list">
        {pages.map((page) => {
          const waiting = summary && page.waiting?.(summary);
          return (
            <li key={page.to} className="card card--interactive admin-page">
              <h2 className="admin-page__title">
                <Link to={page.to} className="admin-page__link">
                  {page.title}
                </Link>
              </h2>
              <p className="admin-page__description">{page.description}</p>
              {waiting && <p className="tag tag--accent admin-page__count">{waiting}</p>}
            </li>
          );
        })}
      </ul>
      {isAdmin && children}
    </div>
  );
}
