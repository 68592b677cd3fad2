import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Politique de confidentialité",
    description: "Comment nous collectons, utilisons et protégeons tes données personnelles.",
    path: '/calshare/privacy_policy',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Politique de confidentialité</h1>
    </div>
  );
}
