import { Fragment } from 'react';
import { SHORTCUTS } from './shortcuts';

/** 'Shift+A' as a French keyboard labels it: Maj + A. */
function Keys({ keys }: { keys: string }) {
  return (
    <>
      {keys.split('+').map((key, i) => (
        <Fragment key={key}>
          {i > 0 && ' + '}
          <kbd>{key === 'Shift' ? 'Maj' : key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The queue's keyboard shortcuts, announced on the page (they also sit on the buttons as aria-keyshortcuts). */
export function ShortcutList() {
  return (
    <section className="card moderation-shortcuts" aria-labelledby="moderation-shortcuts-title">
      <h2 id="moderation-shortcuts-title" className="moderation-shortcuts__title">
        Raccourcis clavier
      </h2>
      <p className="muted">Hors des champs de saisie, sur l'élément qui a le focus.</p>
      <dl className="moderation-shortcuts__list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="moderation-shortcuts__item">
            <dt>
              <Keys keys={shortcut.keys} />
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
