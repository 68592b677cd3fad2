import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { WikiMenuEntry } from '../../../shared/wiki';
import { WIKI_MENU_LIST_ID, WIKI_MENU_PART, wikiMenuHtml } from '../../../shared/wiki-pages';
import { followInternalLinks } from './internal-links';
import { WikiPart } from './WikiPart';

/**
 * The list of articles (spec §2 "a side menu lists the articles"). On a phone it folds
 * behind a button so the article comes first; on a wide screen it is always open.
 */
export function WikiMenu({ menu, current }: { menu?: WikiMenuEntry[]; current: string | null }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const follow = followInternalLinks(navigate);
  return (
    <nav className={open ? 'wiki-menu wiki-menu--open' : 'wiki-menu'} aria-label="Articles de l'aide">
      <button type="button" className="wiki-menu__toggle" aria-expanded={open} aria-controls={WIKI_MENU_LIST_ID} onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Tous les articles
      </button>
      <WikiPart
        name={WIKI_MENU_PART}
        html={menu ? wikiMenuHtml(menu, current) : ''}
        onClick={(event) => {
          follow(event);
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      />
    </nav>
  );
}
