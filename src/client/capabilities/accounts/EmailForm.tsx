import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../shared/user';
import { isValidEmail, normalizeEmail } from '../../../shared/validation';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAction } from '../../platform/data/useAction';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { EmailField } from './EmailField';
import { changeEmail, fetchEmailChange } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';

/**
 * Change of address (decision 0018): the new one gets a link, the current one a notice, and
 * stays the account's (login and mail) until the link is opened. The password confirms it, so
 * a borrowed, signed-in phone cannot move the account away.
 */
export function EmailForm({ user }: { user: CurrentUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // Counts the links sent from this form: each one moves the focus to the notice that says so.
  const [sent, setSent] = useState(0);
  const pendingNotice = useRef<HTMLParagraphElement>(null);
  const { busy, error, run } = useAction();
  const typed = newEmail.trim();
  const enabled = isValidEmail(typed) && normalizeEmail(typed) !== user.email && password !== '';
  const ids = useId();
  const heldBack = useHeldBack(
    [
      { key: 'email', label: 'Nouvelle adresse mail', id: `${ids}-email`, holds: !isValidEmail(typed) || normalizeEmail(typed) === user.email },
      { key: 'password', label: 'Mot de passe (pour confirmer)', id: `${ids}-password`, holds: password === '' },
    ],
    { started: newEmail !== '' || password !== '' },
  );

  useEffect(() => {
    // The current address changes when a link is opened: what waited is then settled.
    fetchEmailChange().then(
      (status) => setPendingEmail(status.pendingEmail),
      () => setPendingEmail(null),
    );
  }, [user.email]);

  // Left on 'Changer d'adresse', which the emptied fields make not enabled, the focus would
  // stay on a button that does nothing.
  useEffect(() => {
    if (sent > 0) pendingNotice.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      const status = await changeEmail({ newEmail: typed, password });
      setPendingEmail(status.pendingEmail);
      setNewEmail('');
      setPassword('');
      setSent((count) => count + 1);
    });
  }

  return (
    <section className="card account-section" aria-labelledby="email-title">
      <h3 id="email-title" className="account-section__title">
        Adresse mail
      </h3>
      <p className="account-email__current">
        <span className="account-email__address">{user.email}</span>{' '}
        <span className={`account-email__badge${user.emailVerified ? ' account-email__badge--verified' : ''}`}>
          {user.emailVerified ? 'vérifiée' : 'pas encore vérifiée'}
        </span>
      </p>
      <div role="status">
        {pendingEmail && (
          <p ref={pendingNotice} tabIndex={-1} className="notice account-email__pending">
            <span>
              Un lien de confirmation a été envoyé à <strong>{pendingEmail}</strong>. Ton adresse actuelle reste celle de ton
              compte jusqu'à ce que tu l'ouvres (48 heures).
            </span>
          </p>
        )}
      </div>
      <form className="form" noValidate onSubmit={submit}>
        <EmailField id={`${ids}-email`} label="Nouvelle adresse mail" value={newEmail} onChange={setNewEmail} />
        <CurrentPasswordField id={`${ids}-password`} label="Mot de passe (pour confirmer)" value={password} onChange={setPassword} />
        {error && <ErrorBox message={error} />}
        <div className="form__actions">
          <Button type="submit" enabled={enabled} {...heldBack.buttonProps} busy={busy} busyLabel="Envoi du lien…">
            Changer d'adresse
          </Button>
        </div>
      </form>
    </section>
  );
}
