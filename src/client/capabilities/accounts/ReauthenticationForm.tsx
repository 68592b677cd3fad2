import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { isSecondFactorCode } from '../../../shared/two-factor';
import { useAction } from '../../platform/data/useAction';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { reauthenticate } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';
import { passkeysSupport } from './passkey-support';
import '../../platform/ui/ConfirmDialog.css';

type Way = 'password' | 'code';

/**
 * The dialog itself, loaded and shown by ReauthenticationDialog when a sensitive act answers
 * that the sign-in is older than 10 minutes: it asks the password (or an app code, a recovery
 * code, a passkey; only these with `factorOnly`), and `settle(true)` sends the act again;
 * 'Annuler' settles false and leaves the act undone, with its message.
 */
export default function ReauthenticationForm({ factorOnly, settle }: { factorOnly: boolean; settle: (given: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [way, setWay] = useState<Way>(factorOnly ? 'code' : 'password');
  const [value, setValue] = useState('');
  const { running, busy, error, run } = useAction<'form' | 'passkey'>();
  const passkeys = useSyncExternalStore(...passkeysSupport);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function close(given: boolean) {
    dialog.current?.close();
    settle(given);
  }

  const enabled = way === 'password' ? value !== '' : isSecondFactorCode(value);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    if (await run(() => reauthenticate(way === 'password' ? { password: value } : { code: value }), 'form')) close(true);
  }

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close(false);
      }}
    >
      <form className="confirm-dialog__body form" noValidate onSubmit={submit}>
        <h2 id={`${ids}-title`} className="confirm-dialog__title">
          Confirme que c'est bien toi
        </h2>
        <p className="confirm-dialog__text">
          {factorOnly
            ? "Cette action touche à la protection de ton compte : confirme avec ta deuxième étape (le code de ton application, un code de secours ou ta clé d'accès), ton mot de passe seul ne suffit pas."
            : 'Ta dernière connexion date de plus de 10 minutes : cette action demande de confirmer ton identité.'}
        </p>
        {way === 'password' ? (
          <CurrentPasswordField label="Mot de passe" value={value} onChange={setValue} />
        ) : (
          <Field
            label="Code de l’application ou code de secours"
            value={value}
            onChange={setValue}
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={24}
          />
        )}
        {error && <ErrorBox message={error} />}
        <div className="confirm-dialog__actions">
          <Button variant="secondary" enabled={!busy} onClick={() => close(false)}>
            Annuler
          </Button>
          <Button type="submit" enabled={enabled} busy={running === 'form'} busyLabel="Vérification…">
            Confirmer
          </Button>
        </div>
        <div className="form__actions">
          {!factorOnly && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                setWay(way === 'password' ? 'code' : 'password');
                setValue('');
              }}
            >
              {way === 'password' ? 'Utiliser un code à la place' : 'Utiliser mon mot de passe'}
            </Button>
          )}
          {passkeys && (
            <Button
              variant="secondary"
              size="small"
              busy={running === 'passkey'}
              busyLabel="Vérification de la clé d'accès…"
              onClick={async () => {
                // The WebAuthn library is loaded only when asked: this dialog is part of every page.
                if (await run(async () => (await import('./passkeys-api')).reauthenticateWithPasskey(), 'passkey')) close(true);
              }}
            >
              Utiliser ma clé d'accès
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}
