import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Questionnaire avant utilisation",
    description: "Questionnaire anonyme pour les membres qui n'ont pas encore fait de trajet.",
    path: '/calshare/surveys/pre-use', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Questionnaire avant utilisation</h1>
    </div>
  );
}
