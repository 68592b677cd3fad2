import { Link } from 'react-router';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { LoadingView } from '../../platform/ui/Spinner';
import { useLoad } from '../../platform/data/useLoad';
import { getSurveyResults } from './api';
import { PastTripsTool } from './PastTripsTool';
import { SurveyResultsCard } from './SurveyResultsCard';
import './admin-surveys.css';

/** /admin/surveys (PRODUCT.md): each survey's results and export, then the past-trips tool. */
export function AdminSurveys() {
  const { data, error: loadError } = useLoad('survey-results', getSurveyResults);

  return (
    <div className="container section survey-admin">
      <header className="survey-admin__header">
        <p className="eyebrow">
          <Link to="/admin">Administration</Link>
        </p>
        <h1>Résultats des questionnaires</h1>
        <p className="lead">
          Les réponses sont anonymes : seul le fait d'avoir répondu est lié au compte du membre.{' '}
          <a href="#trajets">Marquer un trajet effectué</a>
        </p>
      </header>
      {loadError && <ErrorBox message={loadError} />}
      {/* A whole screen while the results load, and the past-trips tool only after them: drawn
          meanwhile, the results would push it down. */}
      {!data && !loadError && <LoadingView label="Chargement des résultats…" />}
      {data?.surveys.map((results) => (
        <SurveyResultsCard key={results.id} results={results} />
      ))}
      {(data || loadError) && (
        <div id="trajets" className="survey-admin__anchor">
          <PastTripsTool />
        </div>
      )}
    </div>
  );
}
