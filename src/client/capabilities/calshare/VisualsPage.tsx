import { publicConfig } from '../../config';
import { VISUALS, visualPath, type VisualName } from './visuals';
import './calshare.css';

const SHAREABLE: { name: VisualName; title: string; use: string; download: string }[] = [
  {
    name: 'post',
    title: 'Format publication (1:1)',
    use: 'Pour une publication Instagram, Facebook ou LinkedIn.',
    download: 'Télécharger le visuel carré (PNG, 1080\u00a0×\u00a01080)',
  },
  {
    name: 'story',
    title: 'Format story (9:16)',
    use: 'Pour une story Instagram, Facebook ou un statut WhatsApp.',
    download: 'Télécharger la story (PNG, 1080\u00a0×\u00a01920)',
  },
];

/** /calshare/visuals (spec §2, PRODUCT.md): the two visuals to share, each with its download link. */
export function VisualsPage() {
  return (
    <div className="container section">
      <header className="section__header">
        <p className="eyebrow">Kit de partage</p>
        <h1>Visuels à partager</h1>
        <p className="lead">
          Aide-nous à faire connaître {publicConfig.appName} : télécharge ces visuels et partage-les sur tes réseaux, dans le
          groupe de ton club ou sur le site de ton événement. Merci, c'est comme ça que le projet grandit !
        </p>
      </header>
      <ul className="grid grid--2" role="list">
        {SHAREABLE.map(({ name, title, use, download }) => {
          const visual = VISUALS[name];
          return (
            <li key={name} className="card visual-card">
              <div className={`visual-card__preview visual-card__preview--${name}`}>
                <img src={visualPath(name)} alt={`${visual.label} : logo ${publicConfig.projectName}, « On y va ensemble ? » et une voiture en route vers un stade`} width={visual.width} height={visual.height} loading="lazy" />
              </div>
              <h2 className="card__title">{title}</h2>
              <p className="muted">{use}</p>
              <div className="card__footer">
                <a className="btn btn--primary" href={visualPath(name)} download={visual.file.split('/').pop()} type="image/png">
                  {download}
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
