import { Link, useNavigate } from 'react-router';
import { wikiArticlePath, wikiNeighbours, type WikiArticleId } from '../../../shared/wiki';
import { WIKI_ARTICLES } from './articles';
import { followInternalLinks } from './internal-links';
import { WikiFeedback } from './WikiFeedback';

/** One help article: its sections, the feedback question and the way to the next one. */
export function WikiArticle({ id }: { id: WikiArticleId }) {
  const navigate = useNavigate();
  const article = WIKI_ARTICLES[id];
  const { previous, next } = wikiNeighbours(id);
  const sections = article.headings.filter((heading) => heading.depth === 2);

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
      <div className="prose wiki-article__body" onClick={followInternalLinks(navigate)} dangerouslySetInnerHTML={{ __html: article.html }} />
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
