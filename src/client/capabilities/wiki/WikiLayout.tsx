import type { ReactNode } from 'react';
import { WikiMenu } from './WikiMenu';
import { WikiSearch } from './WikiSearch';
import './wiki.css';

/** Every wiki page: the search and the article menu beside (or, on a phone, above) the text. */
export function WikiLayout({ children }: { children: ReactNode }) {
  return (
    <div className="container section wiki">
      <div className="sidebar-layout">
        <aside className="sidebar-layout__aside wiki__aside" aria-label="Recherche et articles de l'aide">
          <WikiSearch />
          <WikiMenu />
        </aside>
        <div className="wiki__main">{children}</div>
      </div>
    </div>
  );
}
