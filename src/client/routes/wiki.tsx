import { Navigate, useParams } from 'react-router';
import { isWikiArticleId } from '../../shared/wiki';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Aide',
    description: "Le wiki d'aide de l'app : rechercher un trajet, créer un compte, publier un trajet, notifications, profil et discussions.",
    path: '/calshare/wiki',
  });

export default function Wiki() {
  const { articleId } = useParams();
  // Spec §2: an unknown article id goes to the wiki's home, replacing history.
  if (articleId !== undefined && !isWikiArticleId(articleId)) return <Navigate to="/calshare/wiki" replace />;
  return (
    <div className="container section">
      <h1>Aide</h1>
    </div>
  );
}
