import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fieldMessages } from '../../../shared/messages';
import { emojiEditRefusal, type EmojiRefusal } from '../../../shared/validation/emoji';
import { isValidSportName } from '../../../shared/validation/sport';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { SuccessView } from '../../platform/ui/SuccessView';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { useAuth } from '../../platform/session/auth-context';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { checkSportName, sportAnchor, suggestSport } from './api';

const EMOJI_REFUSALS: Record<EmojiRefusal, string> = {
  'not-emoji': fieldMessages.emojiOnly,
  'too-many': fieldMessages.emojiTooMany,
  'one-at-a-time': fieldMessages.emojiOneAtATime,
};

/** Spec §5: the duplicate check runs after a one-second pause in typing. */
const DUPLICATE_CHECK_DELAY_MS = 1000;

type Check = 'idle' | 'checking' | 'free' | 'taken';

/** The 'Ajouter un sport' tab: a name checked against every suggestion, emoji, success view. */
export function SuggestSportForm({ onDone }: { onDone: () => void }) {
  const { state } = useAuth();
  const signedIn = state.status === 'signed-in';
  const [name, setName] = useState('');
  const [emoji, setEmoji] = useState('');
  // Why the last edit of the emoji field was not kept: said under it, not dropped silently.
  const [emojiRefusal, setEmojiRefusal] = useState<EmojiRefusal>();
  const { busy: sending, error, run } = useAction();
  const [sent, setSent] = useState(false);
  // The button pressed is gone each time the view changes: the focus goes to what replaced it
  // (the thanks, or the name field for another sport), not down to the page's body.
  const thanks = useRef<HTMLHeadingElement>(null);
  const nameField = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const wasSent = useRef(false);
  useEffect(() => {
    if (sent) thanks.current?.focus();
    else if (wasSent.current) nameField.current?.focus();
    wasSent.current = sent;
  }, [sent]);

  // Checked a moment after typing stops; a failed check leaves the button off.
  const check = useLoad(isValidSportName(name) ? name : null, (signal) => checkSportName(name, signal), {
    delayMs: DUPLICATE_CHECK_DELAY_MS,
  });
  const checked: Check =
    check.waiting || check.error || !isValidSportName(name) ? 'idle' : check.loading ? 'checking' : check.data?.taken ? 'taken' : 'free';
  const existing = checked === 'taken' ? check.data?.existing : undefined;
  const canSubmit = signedIn && isValidSportName(name) && checked === 'free';
  const nameId = useId();
  // Signed out, the notice above says why; while the name is being checked, the field says so.
  const heldBack = useHeldBack(
    [{ key: 'name', label: 'Nom du sport', id: nameId, holds: signedIn && (!isValidSportName(name) || checked === 'taken') }],
    { started: name !== '' },
  );
  const emptyPressed = heldBack.marks('name') && name.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    await run(async () => {
      await suggestSport(name, emoji);
      setSent(true);
    });
  }

  if (sent) {
    return (
      <SuccessView
        title="Merci pour ta suggestion !"
        icon={emoji || '🏅'}
        headingRef={thanks}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setName('');
                setEmoji('');
                setEmojiRefusal(undefined);
                setSent(false);
              }}
            >
              Suggérer un autre sport
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Retour aux votes
            </Button>
          </>
        }
      >
        <p>« {name.trim()} » apparaîtra dans la liste des votes dès que l'équipe l'aura validé.</p>
      </SuccessView>
    );
  }

  return (
    <form className="form stack" onSubmit={submit} noValidate>
      {!signedIn && <p className="notice">{fieldMessages.voteNeedsLogin}</p>}
      <Field
        id={nameId}
        ref={nameField}
        label="Nom du sport"
        value={name}
        onChange={setName}
        autoComplete="off"
        invalid={checked === 'taken' || emptyPressed}
        valid={checked === 'free'}
        message={
          checked === 'taken' ? (
            <>
              {fieldMessages.sportAlreadySuggested}{' '}
              {/* The visitor came to add a sport the list may already hold: lead there to vote for it. */}
              {existing?.listed ? (
                <Link to={{ hash: sportAnchor(existing.id) }} onClick={onDone}>
                  Voir ce sport dans les votes
                </Link>
              ) : (
                "Il attend la validation de l'équipe avant d'apparaître dans les votes."
              )}
            </>
          ) : checked === 'checking'
              ? 'Vérification…'
              : emptyPressed
                ? 'Indique le nom du sport à ajouter'
                : undefined
        }
        disabled={!signedIn}
      />
      <Field
        label="Emoji"
        value={emoji}
        onChange={(next) => {
          const refusal = emojiEditRefusal(emoji, next);
          setEmojiRefusal(refusal);
          if (!refusal) setEmoji(next);
        }}
        hint="Jusqu'à 3 emoji, ajoutés un par un (facultatif)."
        message={emojiRefusal && EMOJI_REFUSALS[emojiRefusal]}
        autoComplete="off"
        disabled={!signedIn}
      />
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button type="submit" enabled={canSubmit} {...heldBack.buttonProps} busy={sending}>
          Ajouter
        </Button>
      </div>
    </form>
  );
}
