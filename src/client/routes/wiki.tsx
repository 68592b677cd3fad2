import { useCallback } from 'react';
import { Navigate, useParams, useRevalidator, type MetaArgs } from 'react-router';
import { isWikiArticleId, wikiArticlePath } from '../../shared/wiki';
import { wikiArticleMeta } from '../../shared/wiki-pages';
import { publicConfig } from '../config';
import { ErrorBox } from '../platform/ui/ErrorBox';
import { WikiArticle } from '../capabilities/wiki/WikiArticle';
import { WikiIndex } from '../capabilities/wiki/WikiIndex';
import { WikiLayout } from '../capabilities/wiki/WikiLayout';
import { useWikiMenu, wikiMenuSnapshot } from '../capabilities/wiki/wiki-menu-store';
import { pageMeta } from '../seo';

const WIKI_META = {
  title: `Aide ${publicConfig.appName}`,
  description: "Le wiki d'aide de l'app : rechercher un trajet, créer un compte, publier un trajet, notifications, profil et discussions.",
};

// An article's title and description are its published text's: the server wrote them into the
// page it sent, and the menu it wrote alongside says the same, so hydration finds them.
export const meta = ({ params }: MetaArgs) => {
  const { articleId } = params;
  if (articleId === undefined) return pageMeta({ ...WIKI_META, path: '/calshare/wiki' });
  const entry = wikiMenuSnapshot()?.find((article) => article.id === articleId);
  return pageMeta({ ...(entry ? wikiArticleMeta(entry, publicConfig.appName) : WIKI_META), path: wikiArticlePath(articleId) });
};

export default function Wiki() {
  const { articleId } = useParams();
  const revalidator = useRevalidator();
  // Loaded after a navigation from another page: the title follows once the menu is known.
  const { menu, error } = useWikiMenu(useCallback(() => void revalidator.revalidate(), [revalidator]));
  // Spec §2: an unknown or hidden article goes to the wiki's home, replacing history.
  if (articleId !== undefined && (!isWikiArticleId(articleId) || (menu && !menu.some((entry) => entry.id === articleId)))) {
    return <Navigate to="/calshare/wiki" replace />;
  }
  return (
    <WikiLayout menu={menu} current={articleId ?? null}>
      {error && <ErrorBox message={error} />}
      {articleId === undefined ? <WikiIndex menu={menu} /> : <WikiArticle key={articleId} id={articleId} menu={menu} />}
    </WikiLayout>
  );
}
