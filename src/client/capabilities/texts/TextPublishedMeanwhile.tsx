import type { TextVersion } from '../../../shared/texts';
import { Button } from '../../platform/ui/Button';
import { byAuthor, formatWhen } from './format';

/**
 * Said the moment someone else publishes the text being edited (the `texts` live notice), before
 * this editor tries to publish: their version would be refused over the new one. An alert, so
 * a screen reader says it at once, without taking the focus from the text being typed.
 */
export function TextPublishedMeanwhile({ newer, onShow }: { newer: TextVersion; onShow(): void }) {
  return (
    <div className="notice notice--warning text-meanwhile" role="alert">
      <p>
        <strong>Une autre version vient d'être publiée</strong> pendant que tu écrivais : version {newer.version}, publiée le {formatWhen(newer.publishedAt)}{' '}
        {byAuthor(newer.author)}. Ton texte reste dans l'éditeur ; regarde sa version avant de publier, pour ne rien effacer de son travail.
      </p>
      <div className="form__actions">
        <Button variant="secondary" onClick={onShow}>
          Voir sa version
        </Button>
      </div>
    </div>
  );
}
