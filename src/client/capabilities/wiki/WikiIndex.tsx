import { Link } from 'react-router';
import { WIKI_ARTICLE_IDS, wikiArticlePath } from '../../../shared/wiki';
import { publicConfig } from '../../config';
import { WIKI_ARTICLES } from './articles';

/** /calshare/wiki: what the help covers, one card per article. */
export function WikiIndex() {
  return (
    <div className="wiki-index">
      <p className="eyebrow">Centre d'aide</p>
      <h1>{`Aide ${publicConfig.appName}`}</h1>
      <p className="lead">
        Tout pour bien utiliser {publicConfig.appName} : trouver un trajet, publier le tien, gérer ton compte et
        t'organiser avec ton équipage. Lance une recherche ou choisis un article ci-dessous.
      </p>
      <ul className="grid grid--2 wiki-index__list" role="list">
        {WIKI_ARTICLE_IDS.map((id) => (
          <li key={id} className="card card--interactive wiki-card">
            <h2 className="card__title">
              <Link className="wiki-card__link" to={wikiArticlePath(id)}>
                {WIKI_ARTICLES[id].title}
              </Link>
            </h2>
            <p className="muted">{WIKI_ARTICLES[id].description}</p>
          </li>
        ))}
      </ul>
      <p className="notice wiki-index__contact">
        <span>
          Tu ne trouves pas ta réponse ? Écris-nous à <a href={`mailto:${publicConfig.contactEmail}`}>{publicConfig.contactEmail}</a>, on te
          répond avec plaisir.
        </span>
      </p>
    </div>
  );
}
