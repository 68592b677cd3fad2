import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textKindLabels } from '../../../shared/texts';
import { useLoad } from '../../platform/data/useLoad';
import { AdminPage } from '../../platform/ui/AdminPage';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getTexts } from './api';
import { fillPlaceholders, formatWhen } from './format';
import './texts.css';

/** /admin/textes: every text of the site, each opening its editor; then `children` (the wiki's own section), once the list is there. */
export function AdminTexts({ children }: { children?: ReactNode }) {
  const { data, loading, error } = useLoad('texts', getTexts);

  return (
    <AdminPage
      title="Textes du site"
      className="texts"
      lead="Les articles du wiki, la politique de confidentialité, le mot des fondateurs et les documents légaux. Ouvre un texte pour le modifier : ton brouillon s'enregistre pendant que tu écris, et rien n'est en ligne avant « Publier »."
    >
      {error && <ErrorBox message={error} />}
      {loading && <Spinner label="Chargement des textes…" />}
      {data && (
        <ul className="card texts-list" role="list" aria-label="Textes">
          {data.texts.map((text) => (
            <li key={text.id} className="texts-list__item">
              <div className="texts-list__head">
                <Link to={`/admin/textes/${text.id}`} className="texts-list__title">
                  {fillPlaceholders(text.title)}
                </Link>
                {text.hasDraft && <span className="tag tag--accent">Brouillon en cours</span>}
              </div>
              <p className="texts-list__meta">
                <span className="tag">{textKindLabels[text.kind]}</span> Version {text.version}, publiée le{' '}
                {formatWhen(text.publishedAt)}
                {text.publishedBy ? ` par ${text.publishedBy}` : ' (texte d’origine)'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {/* Below the list once it is drawn: drawn meanwhile, it was pushed down by the list under the editor's pointer. */}
      {!loading && children}
    </AdminPage>
  );
}
