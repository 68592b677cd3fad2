import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Laisser une marque",
    description: "Laisse un mot de soutien au projet.",
    path: '/leave-a-print', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Laisser une marque</h1>
    </div>
  );
}
