import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { WikiMenuEntry } from '../../../shared/wiki';
import { WIKI_ARTICLE_PART, WIKI_PAGER_PART, wikiArticleHtml, wikiPagerHtml } from '../../../shared/wiki-pages';
import { useLoad } from '../../platform/data/useLoad';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getWikiArticle } from './api';
import { followInternalLinks } from './internal-links';
import { WikiFeedback } from './WikiFeedback';
import { WikiPart } from './WikiPart';

let serverArticleTaken = false;

/**
 * The article the server wrote into the page it sent, for the first article shown only: later
 * ones come after a navigation, while the page still shows the one before (nothing, too, during
 * the build's prerender).
 */
function writtenByServer(): string | undefined {
  if (typeof document === 'undefined' || serverArticleTaken) return undefined;
  serverArticleTaken = true;
  return document.querySelector(`[data-server-part="${WIKI_ARTICLE_PART}"]`)?.innerHTML || undefined;
}

/**
 * One help article, from its published text: as the server wrote it into the page it sent,
 * or loaded and made with the same function after a navigation (the route gives each article
 * its own, by its key). Then the feedback question, and the way to the articles around it.
 */
export function WikiArticle({ id, menu }: { id: string; menu?: WikiMenuEntry[] }) {
  const navigate = useNavigate();
  const follow = followInternalLinks(navigate);
  const [fromServer] = useState(writtenByServer);
  const { data: page, error } = useLoad(fromServer === undefined ? `wiki-article:${id}` : null, (signal) => getWikiArticle(id, signal));
  const html = fromServer ?? (page ? wikiArticleHtml(page) : '');
  const prerendering = typeof document === 'undefined';
  const { hash } = useLocation();

  // An article loaded after a navigation to one of its headings (the search, a link between
  // articles) was not there when the browser looked for the heading: it is scrolled to once
  // the article is (its scroll margin keeps it below the header).
  const loaded = fromServer === undefined && page !== undefined;
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <div className="wiki-article-page">
      {html === '' && !error && !prerendering && <Spinner label="Chargement de l'article…" />}
      {error && <ErrorBox message={error} />}
      <WikiPart name={WIKI_ARTICLE_PART} html={html} onClick={follow} />
      <WikiFeedback key={id} articleId={id} />
      <WikiPart name={WIKI_PAGER_PART} html={menu ? wikiPagerHtml(id, menu) : ''} onClick={follow} />
    </div>
  );
}
