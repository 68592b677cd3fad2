import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { fieldMessages } from '../../../shared/messages';
import type { SurveyId } from '../../../shared/surveys';
import { ButtonLink } from '../../platform/ui/Button';
import { SuccessView } from '../../platform/ui/SuccessView';
import { NextSurvey } from './SurveyInvitation';

/**
 * After the form: submitted now, or earlier (spec §4 shows "already answered" as submitted).
 * Focus moves to the heading so a screen reader says what happened.
 */
export function SurveyDone({ surveyId, justNow }: { surveyId: SurveyId; justNow: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justNow) heading.current?.focus();
  }, [justNow]);
  return (
    <SuccessView
      title={justNow ? 'Merci pour tes réponses !' : 'Tu as déjà répondu à ce questionnaire'}
      headingRef={heading}
      actions={<ButtonLink to="/calshare">Retour à l'accueil</ButtonLink>}
    >
      <p>
        {justNow
          ? 'Elles nous aident à construire une application qui te ressemble.'
          : 'Merci encore : une réponse par membre suffit à nous aider.'}
      </p>
      <NextSurvey surveyId={surveyId} />
    </SuccessView>
  );
}

/** Spec §4 forbidden: this survey is for members on the other side of their first trip. */
export function SurveyReserved({ surveyId }: { surveyId: SurveyId }) {
  const preUse = surveyId === 'pre-use';
  return (
    <div className="survey-outcome survey-outcome--reserved">
      <p className="notice notice--warning">
        {preUse ? fieldMessages.surveyPreUseReserved : fieldMessages.surveyPostUseReserved}
      </p>
      <p>
        {preUse ? (
          <>
            Tu as déjà fait un trajet : donne-nous plutôt ton avis dans le{' '}
            <Link to="/calshare/surveys/post-use">questionnaire après utilisation</Link>.
          </>
        ) : (
          <>
            Tu n'as pas encore fait de trajet : dis-nous plutôt ce que tu en attends dans le{' '}
            <Link to="/calshare/surveys/pre-use">questionnaire avant utilisation</Link>.
          </>
        )}
      </p>
      <ButtonLink to="/calshare" variant="secondary">
        Retour à l'accueil
      </ButtonLink>
    </div>
  );
}
