import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Unissons — Ensemble, Unissons le sport !",
    description: "Rejoins la waiting list d'Unissons, l'association qui rassemble les sportifs et facilite les trajets vers les événements sportifs.",
    path: '/',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Ensemble, Unissons le sport !</h1>
    </div>
  );
}
