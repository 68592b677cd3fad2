import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Signaler un événement",
    description: "Signale un événement sportif pour qu'il apparaisse dans l'app de covoiturage.",
    path: '/go_with_calshare',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Signaler un événement</h1>
    </div>
  );
}
