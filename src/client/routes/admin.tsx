import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Administration",
    description: "Espace d'administration.",
    path: '/admin', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Administration</h1>
    </div>
  );
}
