import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fieldMessages } from '../../../shared/messages';
import { isValidPrint, PRINT_MAX_LENGTH, printLength } from '../../../shared/validation/print';
import type { MyWordResponse } from '../../../shared/words';
import { ApiError, errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { LengthLimitAnnouncer } from '../../platform/ui/LengthLimitAnnouncer';
import { Spinner } from '../../platform/ui/Spinner';
import { SuccessView } from '../../platform/ui/SuccessView';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { fetchMyWord, publishWord } from './api';

type State = { step: 'loading' } | { step: 'form' } | { step: 'sent' } | { step: 'already'; word: NonNullable<MyWordResponse['word']> };

/** Spec §2 Leave a print: textarea with counter, Publish, then a success view. */
export function LeavePrintForm() {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const contentId = useId();
  const heldBack = useHeldBack([{ key: 'content', label: 'Ton message', id: contentId, holds: !isValidPrint(content) }], {
    started: content !== '',
  });

  // 'Publier' is gone once it answered: the focus goes to what took the form's place (the thanks,
  // or the word already left), not down to the page's body.
  const submitted = useRef(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  const alreadyLeft = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!submitted.current) return;
    if (state.step === 'sent') thanks.current?.focus();
    if (state.step === 'already') alreadyLeft.current?.focus();
  }, [state.step]);

  useEffect(() => {
    fetchMyWord().then(
      ({ word }) => setState(word ? { step: 'already', word } : { step: 'form' }),
      () => setState({ step: 'form' }),
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidPrint(content) || sending) return;
    submitted.current = true;
    setSending(true);
    setError(undefined);
    try {
      await publishWord(content);
      setState({ step: 'sent' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'words/already-left') {
        const { word } = await fetchMyWord().catch(() => ({ word: null }));
        if (word) setState({ step: 'already', word });
      }
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  if (state.step === 'loading') return <Spinner label="Chargement…" />;

  if (state.step === 'sent') {
    return (
      <SuccessView title="Merci pour ton soutien !" icon="🎉" headingRef={thanks} actions={<Link to="/">Retour à l'accueil</Link>}>
        <p>Ton message sera affiché sur la page d'accueil dès qu'un membre de l'équipe l'aura validé.</p>
      </SuccessView>
    );
  }

  if (state.step === 'already') {
    return (
      <div className="stack" ref={alreadyLeft} tabIndex={-1}>
        {error ? <ErrorBox message={error} /> : <p className="notice">{fieldMessages.printAlreadyLeft}</p>}
        <figure className="word-card">
          <blockquote className="word-card__content">{state.word.content}</blockquote>
          <figcaption>{state.word.public ? 'Publié sur la page d’accueil' : 'En attente de validation'}</figcaption>
        </figure>
        <Link to="/">Retour à l'accueil</Link>
      </div>
    );
  }

  const length = printLength(content);
  const tooShort = content.trim() !== '' && length <= 6;
  const emptyPressed = heldBack.marks('content') && content.trim() === '';
  return (
    <form className="form stack" onSubmit={submit} noValidate>
      <Field
        id={contentId}
        type="textarea"
        label="Ton message"
        value={content}
        onChange={setContent}
        rows={4}
        // Too long is said at once (the counter shows it too); too short waits until the field is
        // left or 'Publier' pressed: a message being written is not yet too short.
        invalid={length > PRINT_MAX_LENGTH || heldBack.marks('content')}
        problem={tooShort && 'Encore quelques caractères : 7 au minimum.'}
        valid={isValidPrint(content)}
        message={
          length > PRINT_MAX_LENGTH
            ? '150 caractères au maximum.'
            : emptyPressed
              ? 'Écris ton message : 7 caractères au minimum.'
              : undefined
        }
        // Counted by printLength (what a person sees as characters), not by the field's maxLength.
        hint={
          <>
            {`${length}/${PRINT_MAX_LENGTH}`}
            <LengthLimitAnnouncer length={length} max={PRINT_MAX_LENGTH} />
          </>
        }
        placeholder="Trop hâte de partager la route vers le prochain match !"
      />
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button type="submit" enabled={isValidPrint(content)} {...heldBack.buttonProps} busy={sending}>
          Publier
        </Button>
      </div>
    </form>
  );
}
