import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { WIKI_ARTICLE_IDS, wikiArticlePath } from '../../../shared/wiki';
import { WIKI_ARTICLES } from './articles';

/**
 * The list of articles (spec §2 "a side menu lists the articles"). On a phone it folds
 * behind a button so the article comes first; on a wide screen it is always open.
 */
export function WikiMenu() {
  const listId = useId();
  const [open, setOpen] = useState(false);
  return (
    <nav className={open ? 'wiki-menu wiki-menu--open' : 'wiki-menu'} aria-label="Articles de l'aide">
      <button type="button" className="wiki-menu__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Tous les articles
      </button>
      <ul id={listId} className="side-menu wiki-menu__list">
        <li>
          <NavLink to="/calshare/wiki" end onClick={() => setOpen(false)}>
            Accueil de l'aide
          </NavLink>
        </li>
        {WIKI_ARTICLE_IDS.map((id) => (
          <li key={id}>
            <NavLink to={wikiArticlePath(id)} onClick={() => setOpen(false)}>
              {WIKI_ARTICLES[id].title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
