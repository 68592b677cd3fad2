import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Voter pour un sport",
    description: "Vote pour les sports sur lesquels le projet doit se concentrer, ou suggère un nouveau sport.",
    path: '/vote',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Voter pour un sport</h1>
    </div>
  );
}
