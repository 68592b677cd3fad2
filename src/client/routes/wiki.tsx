import { Navigate, useParams, type MetaArgs } from 'react-router';
import { isWikiArticleId } from '../../shared/wiki';
import { publicConfig } from '../config';
import { WIKI_ARTICLES } from '../capabilities/wiki/articles';
import { WikiArticle } from '../capabilities/wiki/WikiArticle';
import { WikiIndex } from '../capabilities/wiki/WikiIndex';
import { WikiLayout } from '../capabilities/wiki/WikiLayout';
import { pageMeta } from '../seo';

export const meta = ({ params }: MetaArgs) => {
  const { articleId } = params;
  if (isWikiArticleId(articleId)) {
    const article = WIKI_ARTICLES[articleId];
    return pageMeta({ title: `${article.title} · Aide ${publicConfig.appName}`, description: article.description, path: `/calshare/wiki/${articleId}` });
  }
  return pageMeta({
    title: `Aide ${publicConfig.appName}`,
    description: "Le wiki d'aide de l'app : rechercher un trajet, créer un compte, publier un trajet, notifications, profil et discussions.",
    path: '/calshare/wiki',
  });
};

export default function Wiki() {
  const { articleId } = useParams();
  // Spec §2: an unknown article id goes to the wiki's home, replacing history.
  if (articleId !== undefined && !isWikiArticleId(articleId)) return <Navigate to="/calshare/wiki" replace />;
  return <WikiLayout>{articleId === undefined ? <WikiIndex /> : <WikiArticle id={articleId} />}</WikiLayout>;
}
