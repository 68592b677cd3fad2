import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Mon compte",
    description: "Ton compte membre.",
    path: '/account', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Mon compte</h1>
    </div>
  );
}
