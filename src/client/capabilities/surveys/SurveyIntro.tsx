import { BONUS_AMOUNT_DEFAULT, formatEuros, type SurveyId } from '../../../shared/surveys';
import { useBonusAmount } from './useBonusAmount';

/** The header texts of spec §2: anonymity, why a login, what '*' means. */
export function SurveyIntro({ surveyId }: { surveyId: SurveyId }) {
  return (
    <div className="survey-intro">
      <ul className="survey-intro__points">
        <li>
          <strong>Ce questionnaire est anonyme :</strong> tes réponses sont enregistrées sans ton nom ni ton adresse mail.
        </li>
        <li>La connexion sert uniquement à éviter les réponses multiples.</li>
        <li>
          Les questions marquées d'un <span aria-hidden="true">*</span>
          <span className="visually-hidden">astérisque</span> sont obligatoires.
        </li>
      </ul>
      {surveyId === 'pre-use' && <BonusNotice />}
    </div>
  );
}

/**
 * Spec §2 and §9: the bonus, valid only for the first trip as passenger. Its sentence is there
 * while the amount loads, a blank of an amount's width in the amount's place: a spinner there
 * grew into the sentence and pushed the form down under the member's eyes.
 */
function BonusNotice() {
  const bonus = useBonusAmount();
  // No bonus offered: nothing to promise.
  if (bonus.status === 'loaded' && bonus.amount === 0) return null;
  let offer;
  if (bonus.status === 'loaded') offer = <strong>un bonus de {formatEuros(bonus.amount)}</strong>;
  else if (bonus.status === 'loading')
    offer = (
      <strong>
        un bonus de{' '}
        <span className="survey-bonus__pending" aria-hidden="true">
          {formatEuros(BONUS_AMOUNT_DEFAULT)}
        </span>
      </strong>
    );
  else offer = 'un bonus';
  return (
    <p className="notice notice--warning survey-bonus">
      <span className="survey-bonus__icon" aria-hidden="true">
        🎁
      </span>
      <span>
        Pour te remercier, {offer} t'attend sur ton premier trajet en tant que passager. Il n'est valable que pour ce premier
        trajet.
      </span>
    </p>
  );
}
