import { VoteTabs } from '../capabilities/sports/VoteTabs';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Voter pour un sport',
    description: 'Vote pour les sports sur lesquels le projet doit se concentrer, ou suggère un nouveau sport.',
    path: '/vote',
  });

export default function Vote() {
  return (
    <div className="container section stack">
      <h1>Voter pour un sport</h1>
      <p className="lead">
        Dis-nous quels sports comptent pour toi : les plus aimés seront les premiers à profiter du projet. Un sport manque ?
        Propose-le !
      </p>
      <VoteTabs />
    </div>
  );
}
