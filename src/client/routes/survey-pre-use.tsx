import { SurveyPage } from '../capabilities/surveys/SurveyPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Questionnaire avant utilisation',
    description: "Questionnaire anonyme pour les membres qui n'ont pas encore fait de trajet.",
    path: '/calshare/surveys/pre-use',
    noindex: true,
  });

export default function Page() {
  return <SurveyPage surveyId="pre-use" />;
}
