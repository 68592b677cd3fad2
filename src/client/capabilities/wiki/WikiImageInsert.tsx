import { useId, useState } from 'react';
import { WIKI_IMAGE_MAX_BYTES, WIKI_IMAGE_ALT_MAX_LENGTH, WIKI_IMAGE_TYPES, wikiAltProblem, wikiMessages } from '../../../shared/wiki';
import { useAction } from '../../platform/data/useAction';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { uploadWikiImage } from './api';
import './wiki-admin.css';

/** The first problem of a chosen file, said before it is sent; the server checks again. */
function fileProblem(file: File | undefined): string | null {
  if (!file || !(WIKI_IMAGE_TYPES as readonly string[]).includes(file.type)) return wikiMessages.imageInvalid;
  if (file.size > WIKI_IMAGE_MAX_BYTES) return wikiMessages.imageTooHeavy;
  return null;
}

/**
 * A wiki article's editor: a screenshot, with the words that describe it to someone who does not
 * see it, uploaded and put into the text where the cursor is (`![description](address)`).
 */
export function WikiImageInsert({ onInsert }: { onInsert: (markdown: string) => void }) {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [tried, setTried] = useState(false);
  const [said, setSaid] = useState('');
  const action = useAction();
  const problem = fileProblem(file);
  const altProblem = wikiAltProblem(alt);

  async function insert() {
    setTried(true);
    setSaid('');
    if (problem || altProblem || !file) return;
    await action.run(async () => {
      const image = await uploadWikiImage(file, alt);
      onInsert(image.markdown);
      setSaid(`Image insérée dans le texte (${image.width} × ${image.height} pixels).`);
      setAlt('');
      setTried(false);
    });
  }

  return (
    <fieldset className="wiki-image">
      <legend>Ajouter une capture d'écran</legend>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          Image (PNG, JPEG ou WebP, {WIKI_IMAGE_MAX_BYTES / 1024 / 1024} Mo au plus)
        </label>
        <input
          id={fileId}
          className="field__input"
          type="file"
          accept={WIKI_IMAGE_TYPES.join(',')}
          aria-invalid={tried && problem !== null}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setSaid('');
          }}
        />
        {tried && problem && (
          <p className="field__message field__message--error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <Field
        label="Description de l'image"
        value={alt}
        onChange={setAlt}
        maxLength={WIKI_IMAGE_ALT_MAX_LENGTH}
        required
        hint="Ce que montre l'image, pour qui ne la voit pas : « Le bouton Publier, en bas de l'écran du trajet »."
        problem={tried ? altProblem : undefined}
        invalid={tried && altProblem !== null}
      />
      <Button variant="secondary" busy={action.busy} busyLabel="Envoi de l'image…" onClick={() => void insert()}>
        Insérer l'image
      </Button>
      {action.error && <ErrorBox message={action.error} />}
      <p className="wiki-image__said" role="status">
        {said}
      </p>
    </fieldset>
  );
}
