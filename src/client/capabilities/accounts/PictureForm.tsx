import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '../../../shared/accounts';
import type { CurrentUser } from '../../../shared/user';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useAuth } from '../../platform/session/auth-context';
import { removePicture, uploadPicture } from './api';
import { SavedNotice } from './SavedNotice';
import { formatFileSize, shrinkPicture } from './shrink-picture';

const MAX_MEGABYTES = PICTURE_MAX_BYTES / (1024 * 1024);

const isPictureType = (file: File) => (PICTURE_TYPES as readonly string[]).includes(file.type);

/** Checked here for instant feedback, after a shrink; the server checks again and re-encodes the image. */
function pictureProblem(file: File): string | undefined {
  if (!isPictureType(file)) return 'Choisis une image PNG, JPEG ou WebP.';
  if (file.size > PICTURE_MAX_BYTES) return `Cette image est trop lourde : ${MAX_MEGABYTES} Mo au maximum.`;
  return undefined;
}

export function PictureForm({ user }: { user: CurrentUser }) {
  const { refresh } = useAuth();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [chosenName, setChosenName] = useState<string>();
  const [preview, setPreview] = useState<string>();
  // Said when the chosen picture was too heavy and is sent shrunk.
  const [shrunk, setShrunk] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  // The latest choice: a shrink that ends after another picture was chosen is dropped.
  const choice = useRef(0);
  // Changing the key empties the file input after an upload.
  const [inputKey, setInputKey] = useState(0);
  const { running, error, setError, run } = useAction<'upload' | 'remove'>();
  const [saved, setSaved] = useState<string>();

  // Frees the previous preview when it changes, and the last one when the page closes.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  function select(chosen: File | undefined) {
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : undefined);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    const current = (choice.current += 1);
    setChosenName(chosen?.name);
    setSaved(undefined);
    setError(undefined);
    setShrunk(undefined);
    setProblem(undefined);
    setPreparing(false);
    select(undefined);
    if (!chosen) return;
    let sent = chosen;
    if (isPictureType(chosen)) {
      setPreparing(true);
      const smaller = await shrinkPicture(chosen);
      if (current !== choice.current) return;
      setPreparing(false);
      if (smaller) {
        sent = smaller.file;
        setShrunk(
          `Ta photo (${formatFileSize(chosen.size)}) a été réduite à ${smaller.width}\u00a0×\u00a0${smaller.height} pixels (${formatFileSize(sent.size)}) pour l'envoi.`,
        );
      }
    }
    const issue = pictureProblem(sent);
    setProblem(issue);
    select(issue ? undefined : sent);
  }

  function save(action: 'upload' | 'remove', call: () => Promise<unknown>, done: string) {
    setSaved(undefined);
    return run(async () => {
      await call();
      await refresh();
      select(undefined);
      setChosenName(undefined);
      setShrunk(undefined);
      setInputKey((key) => key + 1);
      setSaved(done);
    }, action);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    void save('upload', () => uploadPicture(file), 'Photo de profil enregistrée.');
  }

  return (
    <section className="card account-section" aria-labelledby="picture-title">
      <h3 id="picture-title" className="account-section__title">
        Ma photo
      </h3>
      <form className="form" noValidate onSubmit={submit}>
        <div className={['field', problem && 'field--invalid'].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={inputId}>
            Photo de profil
          </label>
          {/*
            The native input, transparent over a French button: the browser's own button text
            follows its interface language, not the page's. Screen readers still get the input.
          */}
          <div className="picture-picker">
            <input
              key={inputKey}
              id={inputId}
              className="picture-picker__input"
              type="file"
              accept={PICTURE_TYPES.join(',')}
              aria-describedby={`${hintId} ${problemId}`}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => void choose(event)}
            />
            <span className="picture-picker__button" aria-hidden="true">
              Choisir une image
            </span>
            <span className="picture-picker__name" aria-hidden="true">
              {chosenName ?? 'Aucune image choisie'}
            </span>
          </div>
          <div className="field__hint" id={hintId}>
            PNG, JPEG ou WebP. Une photo de plus de {MAX_MEGABYTES} Mo est réduite avant l'envoi.
          </div>
          <div className="field__message" id={problemId} aria-live="polite">
            {problem}
          </div>
          <div className="picture-shrunk" role="status">
            {preparing && (
              <p className="field__hint picture-shrunk__preparing">
                <Spinner decorative size="small" /> Préparation de la photo…
              </p>
            )}
            {shrunk && <p className="field__hint">{shrunk}</p>}
          </div>
        </div>
        {preview && <img className="avatar avatar--large picture-preview" src={preview} alt="Aperçu de la nouvelle photo" />}
        {error && <ErrorBox message={error} />}
        <div className="form__actions">
          <Button type="submit" enabled={Boolean(file)} busy={running === 'upload'} busyLabel="Envoi de la photo…">
            Enregistrer la photo
          </Button>
          {user.profilePic && (
            <Button
              variant="secondary"
              busy={running === 'remove'}
              busyLabel="Suppression de la photo…"
              onClick={() => void save('remove', removePicture, 'Photo retirée.')}
            >
              Retirer la photo
            </Button>
          )}
        </div>
        <SavedNotice shown={Boolean(saved)}>{saved}</SavedNotice>
      </form>
    </section>
  );
}
