import { Link } from 'react-router';
import { hasAnswered, isSurveyOpenTo, SURVEY_IDS, SURVEYS, type SurveyId } from '../../../shared/surveys';
import type { CurrentUser } from '../../../shared/user';
import { publicConfig } from '../../config';
import { useAuth } from '../../platform/session/auth-context';
import { ButtonLink } from '../../platform/ui/Button';
import './surveys.css';

const SURVEY_PATHS: Readonly<Record<SurveyId, string>> = {
  'pre-use': '/calshare/surveys/pre-use',
  'post-use': '/calshare/surveys/post-use',
};

const AFTER_FIRST_TRIP = "Après ton premier trajet, le questionnaire après utilisation s'ouvrira pour toi";

/** The one survey spec §4 opens to this member: pre-use before their first trip, post-use after. */
function openSurvey(user: Pick<CurrentUser, 'pastTrips'>): SurveyId {
  return SURVEY_IDS.find((id) => isSurveyOpenTo(id, user.pastTrips)) ?? 'pre-use';
}

/**
 * On /account: the survey this member may answer, with its link, or their thanks once they
 * answered it. Nothing else on the site leads to the surveys, so without it none is found.
 */
export function SurveyInvitation() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  const { user } = state;
  const surveyId = openSurvey(user);
  const answered = hasAnswered(user.surveys, surveyId);
  const title = SURVEYS[surveyId].title.toLowerCase();
  return (
    <section className="card survey-invitation" aria-labelledby="survey-invitation-title">
      <h2 id="survey-invitation-title" className="survey-invitation__title">
        Ton avis sur {publicConfig.appName}
      </h2>
      {answered ? (
        <>
          <p className="survey-invitation__done">
            <span aria-hidden="true">✓ </span>Tu as répondu au {title}. Merci !
          </p>
          {surveyId === 'pre-use' && <p>{AFTER_FIRST_TRIP} ici.</p>}
        </>
      ) : (
        <>
          <p>
            {surveyId === 'pre-use'
              ? `Tu n'as pas encore fait de trajet : dis-nous ce que tu attends de ${publicConfig.appName}.`
              : "Tu as fait un trajet : dis-nous comment il s'est passé."}{' '}
            Quelques questions, et tes réponses restent anonymes.
          </p>
          <div className="survey-invitation__actions">
            <ButtonLink to={SURVEY_PATHS[surveyId]}>Répondre au {title}</ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}

/** Under a survey's thanks: what comes next for this member, and where to find it. */
export function NextSurvey({ surveyId }: { surveyId: SurveyId }) {
  return (
    <p className="survey-next">
      {surveyId === 'pre-use' ? (
        <>
          {AFTER_FIRST_TRIP} : tu le trouveras sur <Link to="/account">ton compte</Link>.
        </>
      ) : (
        "Il n'y a pas d'autre questionnaire pour toi pour l'instant."
      )}
    </p>
  );
}
