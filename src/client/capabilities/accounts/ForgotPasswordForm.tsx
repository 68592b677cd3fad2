import { useId, useState, type FormEvent } from 'react';
import { fieldMessages } from '../../../shared/messages';
import { canSubmitForgotPassword } from '../../../shared/validation';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useProofOfWork } from '../../platform/anti-bot/useProofOfWork';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { forgotPassword } from './auth-api';
import { EmailField } from './EmailField';

interface ForgotPasswordFormProps {
  email: string;
  onEmailChange(email: string): void;
}

/** Spec §4 "Forgot password: idle, loading, success message". */
export function ForgotPasswordForm({ email, onEmailChange }: ForgotPasswordFormProps) {
  const [status, setStatus] = useState<'idle' | 'loading' | 'success'>('idle');
  const [error, setError] = useState<string>();
  const enabled = canSubmitForgotPassword(email);
  const antiBot = useProofOfWork();
  const emailId = useId();
  // The field already says what it needs (spec §5's message): the press only takes the focus there.
  const heldBack = useHeldBack([{ key: 'email', label: 'Adresse mail', id: emailId, holds: !enabled }], { started: email !== '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled || status === 'loading') return;
    setStatus('loading');
    setError(undefined);
    try {
      await antiBot.protect((proof) => forgotPassword({ userMail: email.trim(), ...proof }));
      setStatus('success');
    } catch (caught) {
      setError(errorMessage(caught));
      setStatus('idle');
    }
  }

  if (status === 'success') {
    return (
      <div className="notice notice--success" role="status">
        <p>
          Un mail avec un mot de passe temporaire t'a été envoyé à <strong>{email.trim()}</strong>. Il est valable 1 heure :
          connecte-toi avec, puis choisis un nouveau mot de passe.
        </p>
      </div>
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-label="Mot de passe oublié">
      <p>Indique l'adresse mail de ton compte : on t'envoie un mot de passe temporaire.</p>
      <EmailField id={emailId} value={email} onChange={onEmailChange} notValidMessage={fieldMessages.forgotPasswordNeedsEmail} />
      {antiBot.field}
      {error && <ErrorBox message={error} />}
      <Button type="submit" enabled={enabled} {...heldBack.buttonProps} busy={status === 'loading'} busyLabel="Envoi en cours…" fullWidth>
        Envoyer
      </Button>
    </form>
  );
}
