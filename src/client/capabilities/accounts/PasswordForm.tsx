import { useId, useState, type FormEvent } from 'react';
import { isPasswordAccepted, passwordsMatch } from '../../../shared/validation';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAction } from '../../platform/data/useAction';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { useAuth } from '../../platform/session/auth-context';
import { NewPasswordFields } from './NewPasswordFields';
import { changePassword } from './api';
import { SavedNotice } from './SavedNotice';
import { CurrentPasswordField } from './CurrentPasswordField';

/**
 * Change the password. After a sign-in with a temporary password (`temporary`), the form
 * comes first on the page and asks for that temporary password instead of the current one
 * (PRODUCT.md, forgot password): the server wants one of them, not just the session.
 */
interface PasswordFormProps {
  temporary?: boolean;
  /** Called after a successful change, before the account is reloaded. */
  onChanged?(): void;
}

export function PasswordForm({ temporary = false, onChanged }: PasswordFormProps) {
  const { refresh } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);
  const enabled = currentPassword !== '' && isPasswordAccepted(newPassword) && passwordsMatch(newPassword, confirmation);
  const ids = useId();
  const currentLabel = temporary ? 'Mot de passe temporaire' : 'Mot de passe actuel';
  const heldBack = useHeldBack(
    [
      { key: 'current', label: currentLabel, id: `${ids}-current`, holds: currentPassword === '' },
      { key: 'new', label: 'Nouveau mot de passe', id: `${ids}-new`, holds: !isPasswordAccepted(newPassword) },
      {
        key: 'confirmation',
        label: 'Confirmation du mot de passe',
        id: `${ids}-confirmation`,
        holds: confirmation === '' || !passwordsMatch(newPassword, confirmation),
      },
    ],
    { started: currentPassword !== '' || newPassword !== '' || confirmation !== '' },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setSaved(true);
      onChanged?.();
      // Clears mustChangePassword, which brings back the rest of the page.
      if (temporary) await refresh();
    });
  }

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setSaved(false);
  };

  return (
    <section
      className={['card', 'account-section', temporary && 'account-section--urgent'].filter(Boolean).join(' ')}
      aria-labelledby={temporary ? 'temporary-password-title' : 'password-title'}
    >
      {temporary ? (
        <>
          <h2 id="temporary-password-title" className="account-section__title">
            Choisis un nouveau mot de passe
          </h2>
          <p>
            Tu t'es connecté·e avec un mot de passe temporaire. Choisis dès maintenant ton nouveau mot de passe pour
            sécuriser ton compte.
          </p>
        </>
      ) : (
        <h3 id="password-title" className="account-section__title">
          Mot de passe
        </h3>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <CurrentPasswordField
          id={`${ids}-current`}
          label={currentLabel}
          value={currentPassword}
          onChange={edited(setCurrentPassword)}
        />
        <NewPasswordFields
          passwordLabel="Nouveau mot de passe"
          passwordId={`${ids}-new`}
          confirmationId={`${ids}-confirmation`}
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={edited(setNewPassword)}
          onConfirmationChange={edited(setConfirmation)}
        />
        {error && <ErrorBox message={error} />}
        <div className="form__actions">
          <Button type="submit" enabled={enabled} {...heldBack.buttonProps} busy={busy} busyLabel="Enregistrement…">
            {temporary ? 'Enregistrer mon nouveau mot de passe' : 'Changer le mot de passe'}
          </Button>
        </div>
        <SavedNotice shown={saved}>Ton nouveau mot de passe est enregistré.</SavedNotice>
      </form>
    </section>
  );
}
