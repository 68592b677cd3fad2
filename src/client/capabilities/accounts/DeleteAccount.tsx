import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETED_PAGE } from '../../../shared/accounts';
import { fieldMessages } from '../../../shared/messages';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAuth } from '../../platform/session/auth-context';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import type { AccountDeletedState } from './AccountDeletedPage';
import { deleteAccount } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';

/** RGPD erasure, confirmed by the password so a borrowed, signed-in phone cannot do it. */
export function DeleteAccount() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const passwordRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const passwordId = useId();
  // Opened on purpose by 'Supprimer mon compte': begun from the start.
  const heldBack = useHeldBack([{ key: 'password', label: 'Confirme avec ton mot de passe', id: passwordId, holds: password === '' }], {
    started: true,
  });

  useEffect(() => {
    if (confirming) passwordRef.current?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    setPassword('');
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await deleteAccount({ password });
      // To the page that says it is done before the session is seen gone: /account would
      // first swap itself for the login form.
      navigate(ACCOUNT_DELETED_PAGE, { state: { deleted: true } satisfies AccountDeletedState });
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <section className="card account-section account-section--danger" aria-labelledby="delete-title">
      <h3 id="delete-title" className="account-section__title">
        Supprimer mon compte
      </h3>
      <p>
        Ton compte, ta photo et tes votes sont supprimés définitivement. Ton mot de soutien aussi, sauf s'il est déjà
        publié : il reste alors affiché, signé « {fieldMessages.unknownAuthor} ».
      </p>
      {confirming ? (
        <form className="form" noValidate onSubmit={submit} aria-label="Confirmer la suppression du compte">
          <CurrentPasswordField ref={passwordRef} id={passwordId} label="Confirme avec ton mot de passe" value={password} onChange={setPassword} />
          {error && <ErrorBox message={error} />}
          <div className="form__actions">
            <Button type="submit" className="btn--danger" enabled={password !== ''} {...heldBack.buttonProps} busy={busy} busyLabel="Suppression…">
              Supprimer définitivement
            </Button>
            <Button variant="ghost" onClick={cancel}>
              Annuler
            </Button>
          </div>
        </form>
      ) : (
        <div className="form__actions">
          <Button variant="secondary" className="btn--danger-outline" onClick={() => setConfirming(true)}>
            Supprimer mon compte
          </Button>
        </div>
      )}
    </section>
  );
}
