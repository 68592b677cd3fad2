import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Modération",
    description: "Mots de soutien et sports en attente.",
    path: '/admin/moderation', noindex: true,
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Modération</h1>
    </div>
  );
}
