import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Visuels à partager",
    description: "Télécharge les visuels du projet pour les partager sur les réseaux sociaux.",
    path: '/calshare/visuals',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Visuels à partager</h1>
    </div>
  );
}
