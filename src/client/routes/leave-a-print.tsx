import { LeavePrintForm } from '../capabilities/words/LeavePrintForm';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({ title: 'Laisser une marque', description: 'Laisse un mot de soutien au projet.', path: '/leave-a-print', noindex: true });

export default function LeaveAPrint() {
  return (
    <div className="container container--narrow section stack">
      <h1>Laisser une marque</h1>
      <p className="lead">
        Un mot d'encouragement, une envie, un souvenir de sport : ton message rejoindra le mur des supporters sur la page
        d'accueil après validation.
      </p>
      <LeavePrintForm />
    </div>
  );
}
