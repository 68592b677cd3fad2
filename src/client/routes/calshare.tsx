import { pageMeta } from '../seo';
import { publicConfig } from '../config';

export const meta = () =>
  pageMeta({
    title: `${publicConfig.appName}, le covoiturage vers tes événements sportifs`,
    description: "Découvre l'app de covoiturage pour aller aux événements sportifs : trouve un trajet, propose tes places, discute avec ton équipage.",
    path: '/calshare',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>{`${publicConfig.appName}`}</h1>
    </div>
  );
}
