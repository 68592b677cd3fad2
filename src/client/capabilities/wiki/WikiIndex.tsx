import { useNavigate } from 'react-router';
import type { WikiMenuEntry } from '../../../shared/wiki';
import { WIKI_INDEX_PART, wikiIndexHtml } from '../../../shared/wiki-pages';
import { publicConfig } from '../../config';
import { followInternalLinks } from './internal-links';
import { WikiPart } from './WikiPart';

/** /calshare/wiki: what the help covers, one card per published article. */
export function WikiIndex({ menu }: { menu?: WikiMenuEntry[] }) {
  const navigate = useNavigate();
  return (
    <div className="wiki-index">
      <p className="eyebrow">Centre d'aide</p>
      <h1>{`Aide ${publicConfig.appName}`}</h1>
      <p className="lead">
        Tout pour bien utiliser {publicConfig.appName} : trouver un trajet, publier le tien, gérer ton compte et
        t'organiser avec ton équipage. Lance une recherche ou choisis un article ci-dessous.
      </p>
      <WikiPart name={WIKI_INDEX_PART} html={menu ? wikiIndexHtml(menu) : ''} onClick={followInternalLinks(navigate)} />
      <p className="notice wiki-index__contact">
        <span>
          Tu ne trouves pas ta réponse ? Écris-nous à <a href={`mailto:${publicConfig.contactEmail}`}>{publicConfig.contactEmail}</a>, on te
          répond avec plaisir.
        </span>
      </p>
    </div>
  );
}
