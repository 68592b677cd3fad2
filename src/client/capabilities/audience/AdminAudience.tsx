import { AUDIENCE_REPORT_DAYS } from '../../../shared/audience';
import { useLoad } from '../../platform/data/useLoad';
import { Chart } from '../../platform/ui/chart/Chart';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getAudienceReport, type AudienceReport } from './api';
import './audience.css';

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { weekday: 'short', day: 'numeric', month: 'short' });
const count = (value: number) => value.toLocaleString('fr-FR');
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Every day of the report, today (in Paris, as the server counts) last, with those nobody came. */
function everyDay(days: AudienceReport['days']): AudienceReport['days'] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const visits = new Map(days.map((day) => [day.day, day.visits]));
  return Array.from({ length: AUDIENCE_REPORT_DAYS }, (_, i) => {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - (AUDIENCE_REPORT_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, visits: visits.get(day) ?? 0 };
  });
}

/** The site's audience for the admin (GET /api/admin/audience): visits per day, the top pages and referring sites. */
export function AdminAudience() {
  const { data: report, error } = useLoad('audience', getAudienceReport);
  const total = report?.days.reduce((sum, day) => sum + day.visits, 0) ?? 0;
  const days = report ? everyDay(report.days) : [];

  return (
    <section className="stack" aria-labelledby="audience-title">
      <h2 id="audience-title">Audience</h2>
      <p className="audience__note">
        Pages vues sur les {AUDIENCE_REPORT_DAYS} derniers jours, comptées sans cookie ni donnée personnelle (les robots ne sont pas comptés).
      </p>
      {error && <ErrorBox message={error} />}
      {!report && !error && <Spinner label="Chargement de l'audience…" />}
      {report &&
        (total === 0 ? (
          <p>Aucune page vue pour le moment.</p>
        ) : (
          <>
            <p>
              <strong>{count(total)}</strong> pages vues en tout.
            </p>
            <Chart
              kind="bar"
              labels={days.map((day) => shortDay(day.day))}
              shownLabels={4}
              series={[{ name: 'Pages vues', values: days.map((day) => day.visits) }]}
            />
            <div className="audience__tables">
              <div className="table-scroll prose" tabIndex={0} role="region" aria-label="Pages vues par jour">
                <table>
                  <caption>Par jour</caption>
                  <thead>
                    <tr>
                      <th scope="col">Jour</th>
                      <th scope="col">Pages vues</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...report.days].reverse().map((day) => (
                      <tr key={day.day}>
                        <th scope="row">{dayLabel(day.day)}</th>
                        <td>{count(day.visits)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="table-scroll prose" tabIndex={0} role="region" aria-label="Pages les plus vues">
                <table>
                  <caption>Pages les plus vues</caption>
                  <thead>
                    <tr>
                      <th scope="col">Page</th>
                      <th scope="col">Vues</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.pages.map((page) => (
                      <tr key={page.path}>
                        <th scope="row">{page.path}</th>
                        <td>{count(page.visits)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="table-scroll prose" tabIndex={0} role="region" aria-label="Sites d'où viennent les visiteurs">
                <table>
                  <caption>Venus d'autres sites</caption>
                  <thead>
                    <tr>
                      <th scope="col">Site</th>
                      <th scope="col">Visites</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.referrers.length === 0 ? (
                      <tr>
                        <td colSpan={2}>Aucun pour le moment</td>
                      </tr>
                    ) : (
                      report.referrers.map((referrer) => (
                        <tr key={referrer.site}>
                          <th scope="row">{referrer.site}</th>
                          <td>{count(referrer.visits)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </div>
            </div>
          </>
        ))}
    </section>
  );
}
