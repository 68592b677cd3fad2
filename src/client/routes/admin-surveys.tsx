import { AdminSurveys } from '../capabilities/surveys/AdminSurveys';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Résultats des questionnaires',
    description: 'Résultats des questionnaires avant et après utilisation, export CSV et trajets effectués.',
    path: '/admin/surveys',
    noindex: true,
  });

export default function Page() {
  return <AdminSurveys />;
}
