import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Résultats des questionnaires",
    description: "Résultats des questionnaires.",
    path: '/admin/surveys', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Résultats des questionnaires</h1>
    </div>
  );
}
