import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { searchWiki, wikiArticlePath, type WikiSearchHit, type WikiSearchSection } from '../../../shared/wiki';
import { Spinner } from '../../platform/ui/Spinner';
import { publicConfig } from '../../config';
import { getWikiSearchIndex } from './api';

let indexPromise: Promise<WikiSearchSection[]> | undefined;

/** The plain text of every published article, fetched the first time someone searches. */
function loadIndex(): Promise<WikiSearchSection[]> {
  indexPromise ??= getWikiSearchIndex().then((index) => index.sections);
  return indexPromise;
}

/**
 * Search over every article, ignoring accents, case and word forms ('securite' finds
 * 'Sécurité', 'rembourser' finds 'remboursés').
 */
export function WikiSearch() {
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [index, setIndex] = useState<WikiSearchSection[]>();
  const [failed, setFailed] = useState(false);

  const wantsIndex = query.trim() !== '';
  useEffect(() => {
    if (!wantsIndex || index) return;
    let active = true;
    loadIndex().then(
      (loaded) => active && setIndex(loaded),
      () => {
        indexPromise = undefined;
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [wantsIndex, index]);

  const hits = useMemo(() => (index ? searchWiki(index, deferredQuery) : []), [index, deferredQuery]);
  const searching = deferredQuery.trim() !== '';

  return (
    <div className="wiki-search">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="field__label" htmlFor={inputId}>
          Rechercher dans l'aide
        </label>
        <input
          id={inputId}
          className="field__input wiki-search__input"
          type="search"
          value={query}
          placeholder="Ex. : prix, mot de passe"
          autoComplete="off"
          aria-describedby={statusId}
          onChange={(event) => {
            setFailed(false);
            setQuery(event.target.value);
          }}
          onFocus={() => void loadIndex().catch(() => (indexPromise = undefined))}
        />
      </form>
      <div id={statusId} className="wiki-search__status" aria-live="polite">
        {searching && failed && 'La recherche est indisponible pour le moment. Recharge la page pour réessayer.'}
        {searching && !failed && !index && <Spinner label="Chargement de la recherche…" />}
        {searching && index && (hits.length === 0 ? `Aucun résultat pour « ${deferredQuery.trim()} ».` : `${hits.length} résultat${hits.length > 1 ? 's' : ''}`)}
      </div>
      {/* Nothing found is not a dead end: the articles and the team are one tap away. */}
      {searching && index && hits.length === 0 && (
        <p className="wiki-search__elsewhere">
          Essaie un autre mot, parcours{' '}
          <Link to="/calshare/wiki" onClick={() => setQuery('')}>
            la liste des articles
          </Link>{' '}
          ou écris-nous à <a href={`mailto:${publicConfig.contactEmail}`}>{publicConfig.contactEmail}</a> : on te répond avec plaisir.
        </p>
      )}
      {searching && hits.length > 0 && (
        <ul className="wiki-search__results" role="list">
          {hits.map((hit) => (
            <li key={`${hit.articleId}#${hit.anchor}`}>
              <Link className="wiki-search__hit" to={`${wikiArticlePath(hit.articleId)}${hit.anchor ? `#${hit.anchor}` : ''}`} onClick={() => setQuery('')}>
                <span className="wiki-search__where">
                  {hit.articleTitle}
                  {hit.heading && ` › ${hit.heading}`}
                </span>
                <Snippet hit={hit} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Snippet({ hit }: { hit: WikiSearchHit }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of hit.highlights) {
    if (start > at) parts.push({ text: hit.snippet.slice(at, start), marked: false });
    parts.push({ text: hit.snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), marked: false });
  return (
    <span className="wiki-search__snippet">
      {parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
