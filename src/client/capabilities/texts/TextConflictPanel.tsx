import type { Ref } from 'react';
import { textMessages, type TextContent, type TextVersion } from '../../../shared/texts';
import { Button } from '../../platform/ui/Button';
import { byAuthor, formatWhen } from './format';
import { TextDiff } from './TextDiff';
import { TextPreview } from './TextPreview';

/**
 * Shown when a publication was refused because someone published meanwhile: their version,
 * what differs from the editor's, and the way on (the editor's text kept, to publish over the
 * new version once they have read it). Nothing of theirs is ever written over silently.
 */
export function TextConflictPanel({
  current,
  mine,
  headingRef,
  onContinue,
}: {
  current: TextVersion;
  mine: TextContent;
  headingRef: Ref<HTMLHeadingElement>;
  onContinue(): void;
}) {
  return (
    <section className="card text-conflict" aria-labelledby="text-conflict-title">
      <div role="alert">
        <h2 id="text-conflict-title" ref={headingRef} tabIndex={-1}>
          Une autre version vient d'être publiée
        </h2>
        <p>
          {textMessages.conflict} Version {current.version}, publiée le {formatWhen(current.publishedAt)} {byAuthor(current.author)}.
        </p>
      </div>
      <p className="text-conflict__hint">
        Ton texte reste dans l'éditeur et dans ton brouillon. Reprends-y ce qui compte de sa version, puis publie : ta publication
        remplacera la version {current.version}, qui restera dans l'historique.
      </p>
      <div className="form__actions">
        <Button onClick={onContinue}>Continuer avec ma version</Button>
      </div>
      <h3>Ce qui change de sa version à la tienne</h3>
      <TextDiff before={current.body} after={mine.body} label={`Différences entre la version ${current.version} et la tienne`} />
      <div className="text-conflict__versions">
        <TextPreview content={current} label={`Sa version (version ${current.version}, en ligne)`} />
        <TextPreview content={mine} label="Ta version (brouillon)" />
      </div>
    </section>
  );
}
