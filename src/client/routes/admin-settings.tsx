import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Réglages",
    description: "Réglages du site.",
    path: '/admin/settings', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Réglages</h1>
    </div>
  );
}
