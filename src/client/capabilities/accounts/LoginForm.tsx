import { useId, useState, type FormEvent } from 'react';
import { canSubmitLogin } from '../../../shared/validation';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import type { SecondFactorRequired } from '../../../shared/two-factor';
import { login, needsSecondFactor } from './auth-api';
import { CurrentPasswordField } from './CurrentPasswordField';
import { PasskeySignIn } from './PasskeySignIn';
import { SecondFactorForm } from './SecondFactorForm';

interface LoginFormProps {
  email: string;
  onEmailChange(email: string): void;
  /** Called once the session is open. */
  onLoggedIn(): Promise<void>;
}

/**
 * Spec §2 "Login screen": e-mail and password, or a passkey; the switch adds the two links.
 * An account with a second factor is then asked for it (SecondFactorForm).
 */
export function LoginForm({ email, onEmailChange, onLoggedIn }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<SecondFactorRequired['secondFactor']>();
  const { busy, error, run } = useAction();
  const enabled = canSubmitLogin({ email, password });
  const ids = useId();
  const heldBack = useHeldBack([
    { key: 'email', label: 'Adresse mail', id: `${ids}-email`, holds: email.trim() === '' },
    { key: 'password', label: 'Mot de passe', id: `${ids}-password`, holds: password === '' },
  ], { started: email !== '' || password !== '' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      const answer = await login({ email: email.trim(), password });
      if (needsSecondFactor(answer)) setSecondStep(answer.secondFactor);
      else await onLoggedIn();
    });
  }

  if (secondStep) {
    return (
      <SecondFactorForm
        request={secondStep}
        onLoggedIn={onLoggedIn}
        onRestart={() => {
          setSecondStep(undefined);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-label="Connexion">
      {/* Only non-empty here (spec §5): the server tells a wrong format, 'auth/invalid-email'. */}
      <Field
        id={`${ids}-email`}
        label="Adresse mail"
        type="email"
        inputMode="email"
        // 'webauthn': the browser may suggest the device's passkeys here (PasskeySignIn).
        autoComplete="email webauthn"
        spellCheck={false}
        required
        value={email}
        onChange={onEmailChange}
        invalid={heldBack.marks('email')}
        message={heldBack.marks('email') ? "Indique l'adresse mail de ton compte" : undefined}
      />
      <CurrentPasswordField id={`${ids}-password`} label="Mot de passe" value={password} onChange={setPassword} />
      {error && <ErrorBox message={error} />}
      <Button type="submit" enabled={enabled} {...heldBack.buttonProps} busy={busy} busyLabel="Connexion en cours…" fullWidth>
        Se connecter
      </Button>
      <PasskeySignIn onLoggedIn={onLoggedIn} />
    </form>
  );
}
