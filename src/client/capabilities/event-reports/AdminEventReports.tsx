import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useLoad } from '../../platform/data/useLoad';
import { getEventReports } from './api';
import './report-event.css';

const dayFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' });
const sentFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** The event's own day, written out ('samedi 14 juin 2025'); stored as YYYY-MM-DD. */
function formatEventDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The reports sent from /go_with_calshare, newest first, for the admin (GET /api/admin/event-reports). */
export function AdminEventReports() {
  const { data: reports, error } = useLoad('event-reports', (signal) => getEventReports(signal).then((response) => response.reports));

  return (
    <section className="stack" aria-labelledby="event-reports-title">
      <h2 id="event-reports-title">Événements signalés</h2>
      {error && <ErrorBox message={error} />}
      {!reports && !error && <Spinner label="Chargement des événements signalés…" />}
      {reports?.length === 0 && <p className="muted">Aucun événement signalé pour le moment.</p>}
      {reports && reports.length > 0 && (
        <ul className="event-reports" role="list">
          {reports.map((report) => (
            <li key={report.id} className="card">
              <h3 className="card__title">{report.eventName}</h3>
              <p className="event-report__meta">
                <span>{report.sport}</span>
                <span>{formatEventDay(report.date)}</span>
                <span>{report.place}</span>
              </p>
              <a className="event-report__link" href={report.link} target="_blank" rel="noopener noreferrer nofollow">
                {report.link}
              </a>
              <p className="event-report__meta">
                <span>Reçu le {sentFormat.format(new Date(report.createdAt))}</span>
                {report.email ? (
                  <span>
                    Contact : <a href={`mailto:${report.email}`}>{report.email}</a>
                  </span>
                ) : (
                  <span>Pas d'adresse mail laissée</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
