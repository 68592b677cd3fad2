import { CalshareLanding } from '../capabilities/calshare/CalshareLanding';
import { SupportersWall } from '../capabilities/words/SupportersWall';
import { publicConfig } from '../config';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: `${publicConfig.appName}, le covoiturage vers tes événements sportifs`,
    description: "Découvre l'app de covoiturage pour aller aux événements sportifs : trouve un trajet, propose tes places, discute avec ton équipage.",
    path: '/calshare',
  });

export default function Page() {
  return <CalshareLanding supportersWall={<SupportersWall />} />;
}
