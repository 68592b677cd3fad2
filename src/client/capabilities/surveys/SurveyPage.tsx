import { useState } from 'react';
import { hasAnswered, isSurveyOpenTo, SURVEYS, type SurveyId } from '../../../shared/surveys';
import { useAuth } from '../../platform/session/auth-context';
import { SurveyForm } from './SurveyForm';
import { SurveyIntro } from './SurveyIntro';
import { SurveyDone, SurveyReserved } from './SurveyOutcome';
import './surveys.css';

/**
 * /calshare/surveys/{pre-use,post-use}, behind the member gate. The states of spec §4, in
 * the server's order: reserved (past trips), already answered (surveys map), the form, then
 * submitted.
 */
export function SurveyPage({ surveyId }: { surveyId: SurveyId }) {
  const { state, refresh } = useAuth();
  const [submitted, setSubmitted] = useState(false);
  if (state.status !== 'signed-in') return null;
  const { user } = state;
  const survey = SURVEYS[surveyId];

  let content;
  if (submitted) content = <SurveyDone surveyId={surveyId} justNow />;
  else if (!isSurveyOpenTo(surveyId, user.pastTrips)) content = <SurveyReserved surveyId={surveyId} />;
  else if (hasAnswered(user.surveys, surveyId)) content = <SurveyDone surveyId={surveyId} justNow={false} />;
  else {
    content = (
      <>
        <SurveyIntro surveyId={surveyId} />
        <SurveyForm
          survey={survey}
          userId={user.uuid}
          onSubmitted={() => {
            setSubmitted(true);
            // The account's surveys map now holds this survey; a failed reload changes nothing here.
            refresh().catch(() => undefined);
          }}
        />
      </>
    );
  }

  return (
    <div className="container container--narrow section survey">
      <header className="survey__header">
        <p className="eyebrow">Ton avis compte</p>
        <h1>{survey.title}</h1>
      </header>
      {content}
    </div>
  );
}
