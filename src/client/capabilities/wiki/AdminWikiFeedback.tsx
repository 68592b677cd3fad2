import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useLoad } from '../../platform/data/useLoad';
import { getWikiFeedbackCounts } from './api';

/** 'Cet article t'a-t-il aidé ?' answers per article, hidden ones too, for the admin (GET /api/admin/wiki-feedback). */
export function AdminWikiFeedback() {
  const { data: counts, error } = useLoad('wiki-feedback', (signal) => getWikiFeedbackCounts(signal).then((response) => response.articles));

  return (
    <section className="stack" aria-labelledby="wiki-feedback-title">
      <h2 id="wiki-feedback-title">Avis sur les articles d'aide</h2>
      {error && <ErrorBox message={error} />}
      {!counts && !error && <Spinner label="Chargement des avis…" />}
      {counts && (
        // The section is a landmark named by the heading already: the table's own gets another name.
        <div className="table-scroll prose" tabIndex={0} role="region" aria-label="Tableau des avis par article">
          <table>
            <thead>
              <tr>
                <th scope="col">Article</th>
                <th scope="col">Oui</th>
                <th scope="col">Non</th>
                <th scope="col">Utile</th>
              </tr>
            </thead>
            <tbody>
              {counts.map(({ articleId, title, hidden, helpful, notHelpful }) => {
                const total = helpful + notHelpful;
                return (
                  <tr key={articleId}>
                    <th scope="row">
                      {title}
                      {hidden && ' (masqué)'}
                    </th>
                    <td>{helpful}</td>
                    <td>{notHelpful}</td>
                    <td>{total === 0 ? '—' : `${Math.round((100 * helpful) / total)} %`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
