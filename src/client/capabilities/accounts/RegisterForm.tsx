import { useEffect, useRef, useState, type FormEvent } from 'react';
import { REGISTER_STEP1_CODES } from '../../../shared/messages';
import {
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  canSubmitRegisterStep1,
  canSubmitRegisterStep2,
  isValidPersonName,
  isValidUsername,
} from '../../../shared/validation';
import { ApiError } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { useProofOfWork } from '../../platform/anti-bot/useProofOfWork';
import { registerUser } from './auth-api';
import { EmailField } from './EmailField';
import { NewPasswordFields } from './NewPasswordFields';
import { NewsletterCheckbox } from './NewsletterCheckbox';
import { TermsCheckbox } from './TermsCheckbox';
import { useSignInAfterRegistration } from './useSignInAfterRegistration';

interface RegisterFormProps {
  email: string;
  onEmailChange(email: string): void;
}

/**
 * Spec §2 "Register screen", two steps in one form state so the back arrow (and an error
 * about step 1's fields, spec §4) returns to step 1 with everything still typed.
 */
export function RegisterForm({ email, onEmailChange }: RegisterFormProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [username, setUsername] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const { busy, error, setError, run } = useAction();
  const signIn = useSignInAfterRegistration();
  const antiBot = useProofOfWork();

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Moving between steps replaces the fields: tell keyboard and screen-reader users where they are.
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const step1Ready = canSubmitRegisterStep1({ email, password, confirmation });
  const step2Ready = canSubmitRegisterStep2({ username, firstname, lastname, termsAccepted });

  function goToStep2(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step1Ready) return;
    setError(undefined);
    setStep(2);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step1Ready || !step2Ready) return;
    const trimmedEmail = email.trim();
    await run(async () => {
      try {
        await antiBot.protect((proof) =>
          registerUser({
            email: trimmedEmail,
            username: username.trim(),
            firstname: firstname.trim(),
            lastname: lastname.trim(),
            pwd: password,
            newsletter,
            ...proof,
          }),
        );
      } catch (caught) {
        if (caught instanceof ApiError && REGISTER_STEP1_CODES.has(caught.code)) setStep(1);
        throw caught;
      }
      await signIn(trimmedEmail, password);
    });
  }

  const errorBox = error && <ErrorBox message={error} />;

  if (step === 1) {
    return (
      <form className="form auth-form" noValidate onSubmit={goToStep2} aria-labelledby="register-step-title">
        <div className="register-step">
          <h2 id="register-step-title" className="register-step__title" ref={headingRef} tabIndex={-1}>
            <span className="register-step__count">Étape 1 sur 2</span> Tes identifiants
          </h2>
        </div>
        <EmailField value={email} onChange={onEmailChange} />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
        />
        {errorBox}
        <Button type="submit" enabled={step1Ready} fullWidth>
          Continuer
        </Button>
      </form>
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-labelledby="register-step-title">
      <div className="register-step">
        <button
          type="button"
          className="icon-button register-step__back"
          aria-label="Retour"
          onClick={() => {
            setError(undefined);
            setStep(1);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M19 12H5M11 6l-6 6 6 6" />
          </svg>
        </button>
        <h2 id="register-step-title" className="register-step__title" ref={headingRef} tabIndex={-1}>
          <span className="register-step__count">Étape 2 sur 2</span> Ton profil
        </h2>
      </div>
      <Field
        label="Nom d'utilisateur"
        autoComplete="nickname"
        spellCheck={false}
        required
        maxLength={USERNAME_MAX_LENGTH}
        value={username}
        onChange={setUsername}
        valid={isValidUsername(username)}
        hint="Visible par les autres membres."
      />
      <Field
        label="Prénom"
        autoComplete="given-name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={firstname}
        onChange={setFirstname}
        valid={isValidPersonName(firstname)}
      />
      <Field
        label="Nom"
        autoComplete="family-name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={lastname}
        onChange={setLastname}
        valid={isValidPersonName(lastname)}
      />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} />
      <NewsletterCheckbox checked={newsletter} onChange={setNewsletter} />
      {antiBot.field}
      {errorBox}
      <Button type="submit" enabled={step2Ready} busy={busy} busyLabel="Création du compte…" fullWidth>
        Créer mon compte
      </Button>
    </form>
  );
}
