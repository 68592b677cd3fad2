import { SurveyPage } from '../capabilities/surveys/SurveyPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Questionnaire après utilisation',
    description: 'Questionnaire anonyme pour les membres qui ont déjà fait un trajet.',
    path: '/calshare/surveys/post-use',
    noindex: true,
  });

export default function Page() {
  return <SurveyPage surveyId="post-use" />;
}
