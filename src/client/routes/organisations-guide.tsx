import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Guide des organisations",
    description: "Organisations : comment créer votre compte et publier vos événements sur l'app.",
    path: '/calshare/organisations',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>Guide des organisations</h1>
    </div>
  );
}
