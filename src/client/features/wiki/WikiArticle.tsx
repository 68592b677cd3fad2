import { memo, Suspense, useMemo, type MouseEventHandler } from 'react';
import { Link, useNavigate } from 'react-router';
import { wikiArticlePath, wikiNeighbours, type WikiArticleId } from '../../../shared/wiki';
import { Spinner } from '../../components/Spinner';
import { useWikiArticle, WIKI_ARTICLES } from './articles';
import { followInternalLinks } from './internal-links';
import { WikiFeedback } from './WikiFeedback';

/** One help article: its sections, the feedback question and the way to the next one. */
export function WikiArticle({ id }: { id: WikiArticleId }) {
  const navigate = useNavigate();
  const followLinks = useMemo(() => followInternalLinks(navigate), [navigate]);
  const article = WIKI_ARTICLES[id];
  const { previous, next } = wikiNeighbours(id);

  return (
    <article className="wiki-article" aria-labelledby="wiki-article-title">
      <nav aria-label="Fil d'Ariane" className="breadcrumb">
        <ol>
          <li>
            <Link to="/calshare/wiki">Aide</Link>
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <h1 id="wiki-article-title">{article.title}</h1>
      <p className="lead">{article.description}</p>
      <ArticleContent id={id} onClick={followLinks} />
      <WikiFeedback key={id} articleId={id} />
      <nav className="wiki-pager" aria-label="Articles précédent et suivant">
        {previous && (
          <Link className="wiki-pager__link wiki-pager__link--previous" to={wikiArticlePath(previous)} rel="prev">
            <span className="wiki-pager__label">Article précédent</span>
            <span className="wiki-pager__title">{WIKI_ARTICLES[previous].title}</span>
          </Link>
        )}
        {next && (
          <Link className="wiki-pager__link wiki-pager__link--next" to={wikiArticlePath(next)} rel="next">
            <span className="wiki-pager__label">Article suivant</span>
            <span className="wiki-pager__title">{WIKI_ARTICLES[next].title}</span>
          </Link>
        )}
      </nav>
    </article>
  );
}

interface ArticleContentProps {
  id: WikiArticleId;
  onClick: MouseEventHandler<HTMLElement>;
}

/**
 * The table of contents and the text, from the article's own chunk. On a prerendered page,
 * the rest of the page hydrates while that chunk downloads and React keeps this part's
 * server HTML on screen, as long as no re-render reaches it before (it would show the
 * fallback instead): hence memo, stable props, and no context read inside.
 */
const ArticleContent = memo(function ArticleContent({ id, onClick }: ArticleContentProps) {
  return (
    <Suspense fallback={<Spinner label="Chargement de l'article…" size="large" />}>
      <ArticleBody id={id} onClick={onClick} />
    </Suspense>
  );
});

function ArticleBody({ id, onClick }: ArticleContentProps) {
  const article = useWikiArticle(id);
  const sections = article.headings.filter((heading) => heading.depth === 2);
  return (
    <>
      {sections.length > 2 && (
        <nav className="wiki-toc" aria-labelledby="wiki-toc-title">
          <h2 id="wiki-toc-title" className="wiki-toc__title">
            Dans cet article
          </h2>
          <ul>
            {sections.map((heading) => (
              <li key={heading.id}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* Built from the project's own Markdown at build time (content/wiki), never from visitors. */}
      <div className="prose wiki-article__body" onClick={onClick} dangerouslySetInnerHTML={{ __html: article.html }} />
    </>
  );
}
