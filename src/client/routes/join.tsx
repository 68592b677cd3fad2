import { pageMeta } from '../seo';
import { publicConfig } from '../config';

export const meta = () =>
  pageMeta({
    title: "Rejoindre la waiting list",
    description: "Rejoins la waiting list et le projet : propose des sports, laisse un mot de soutien et reçois les nouvelles en avant-première.",
    path: '/join',
  });

export default function Page() {
  return (
    <div className="container section">
      <h1>{`Rejoins la waiting list, Rejoins le projet ${publicConfig.projectName}`}</h1>
    </div>
  );
}
