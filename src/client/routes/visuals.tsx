import { VisualsPage } from '../capabilities/calshare/VisualsPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Visuels à partager',
    description: 'Télécharge les visuels du projet, en format publication et story, pour les partager sur les réseaux sociaux.',
    path: '/calshare/visuals',
  });

export default function Page() {
  return <VisualsPage />;
}
