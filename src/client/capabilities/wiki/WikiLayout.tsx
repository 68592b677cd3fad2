import type { ReactNode } from 'react';
import type { WikiMenuEntry } from '../../../shared/wiki';
import { WIKI_DATA_PART, wikiDataHtml } from '../../../shared/wiki-pages';
import { WikiMenu } from './WikiMenu';
import { WikiSearch } from './WikiSearch';
import { WikiPart } from './WikiPart';
import './wiki.css';

/** Every wiki page: the search and the article menu beside (or, on a phone, above) the text. */
export function WikiLayout({ menu, current, children }: { menu?: WikiMenuEntry[]; current: string | null; children: ReactNode }) {
  return (
    <div className="container section wiki">
      <div className="sidebar-layout">
        <aside className="sidebar-layout__aside wiki__aside" aria-label="Recherche et articles de l'aide">
          <WikiSearch />
          <WikiMenu menu={menu} current={current} />
        </aside>
        <div className="wiki__main">{children}</div>
      </div>
      <WikiPart name={WIKI_DATA_PART} html={menu ? wikiDataHtml(menu) : ''} />
    </div>
  );
}
