import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Questionnaire après utilisation",
    description: "Questionnaire anonyme pour les membres qui ont déjà fait un trajet.",
    path: '/calshare/surveys/post-use', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Questionnaire après utilisation</h1>
    </div>
  );
}
