import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type To } from 'react-router';
import { REGISTER_STEP1_CODES } from '../../../shared/messages';
import {
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  canSubmitRegisterStep1,
  canSubmitRegisterStep2,
  isPasswordAccepted,
  isValidEmail,
  isValidPersonName,
  isValidUsername,
  passwordsMatch,
} from '../../../shared/validation';
import { ApiError } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { useProofOfWork } from '../../platform/anti-bot/useProofOfWork';
import { registerUser } from './auth-api';
import { EmailField } from './EmailField';
import { NewPasswordFields } from './NewPasswordFields';
import { NewsletterCheckbox } from './NewsletterCheckbox';
import { TERMS_LABEL, TermsCheckbox } from './TermsCheckbox';
import { useSignInAfterRegistration } from './useSignInAfterRegistration';

interface RegisterFormProps {
  email: string;
  onEmailChange(email: string): void;
  /** The switch's other sides, offered beside an address that already has an account. */
  accountLinks: { login: To; forgot: To };
  /** Where the new member goes once signed in. */
  destination: To;
}

const EMAIL_TAKEN = 'users/email-already-taken';

/** Step 2 is an entry of the history (its state, not its URL: a reloaded step 2 has lost step 1's fields). */
const STEP_STATE = 'registerStep';

function isStep2(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[STEP_STATE] === 2;
}

/**
 * Spec §2 "Register screen", two steps in one form state so the back arrow, the phone's Back
 * button (and an error about step 1's fields, spec §4) return to step 1 with everything still
 * typed, and Forward to step 2.
 */
export function RegisterForm({ email, onEmailChange, accountLinks, destination }: RegisterFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [username, setUsername] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const { busy, error, setError, run } = useAction();
  const signIn = useSignInAfterRegistration(destination);
  const antiBot = useProofOfWork();

  const step1Ready = canSubmitRegisterStep1({ email, password, confirmation });
  const step2Ready = canSubmitRegisterStep2({ username, firstname, lastname, termsAccepted });
  const step: 1 | 2 = isStep2(location.state) && step1Ready ? 2 : 1;

  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const step1HeldBack = useHeldBack([
    { key: 'email', label: 'Adresse mail', id: id('email'), holds: !isValidEmail(email.trim()) },
    { key: 'password', label: 'Mot de passe', id: id('password'), holds: !isPasswordAccepted(password) },
    {
      key: 'confirmation',
      label: 'Confirmation du mot de passe',
      id: id('confirmation'),
      holds: confirmation === '' || !passwordsMatch(password, confirmation),
    },
  ], { started: email !== '' || password !== '' || confirmation !== '' });
  const step2HeldBack = useHeldBack([
    { key: 'username', label: "Nom d'utilisateur", id: id('username'), holds: !isValidUsername(username) },
    { key: 'firstname', label: 'Prénom', id: id('firstname'), holds: !isValidPersonName(firstname) },
    { key: 'lastname', label: 'Nom', id: id('lastname'), holds: !isValidPersonName(lastname) },
    { key: 'terms', label: TERMS_LABEL, id: id('terms'), holds: !termsAccepted },
  ], { started: username !== '' || firstname !== '' || lastname !== '' || termsAccepted });
  /** Said under a field the button was pressed without: to fill in when empty, else to correct. */
  const missing = (marked: boolean, value: string, empty: string, wrong: string) => (!marked ? undefined : value.trim() === '' ? empty : wrong);

  // The address the server said has an account: marked until it is changed.
  const [takenEmail, setTakenEmail] = useState<string>();
  const emailTaken = takenEmail !== undefined && takenEmail === email.trim();
  const emailRef = useRef<HTMLInputElement>(null);
  const focusEmail = useRef(false);

  const here = { pathname: location.pathname, search: location.search };
  // Step 2's entry reached again with step 1 empty (after a reload): it becomes step 1's, so
  // Back and Forward never bring an empty step 2 back.
  const staleStep2 = isStep2(location.state) && !step1Ready;
  useEffect(() => {
    if (staleStep2) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [staleStep2, navigate, location.pathname, location.search]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Moving between steps replaces the fields: tell keyboard and screen-reader users where they
    // are; back for an address that has an account, straight to that field.
    if (shownStep.current !== step) (focusEmail.current ? emailRef.current : headingRef.current)?.focus();
    focusEmail.current = false;
    shownStep.current = step;
  }, [step]);

  /** Whether this form put step 2 in the history, so that going back is the history's Back. */
  const pushedStep2 = useRef(false);
  function backToStep1() {
    if (step !== 2) return;
    if (pushedStep2.current) void navigate(-1);
    else void navigate(here, { replace: true, state: null });
  }

  function goToStep2(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step1Ready) return;
    setError(undefined);
    pushedStep2.current = true;
    void navigate(here, { state: { [STEP_STATE]: 2 } });
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
        if (caught instanceof ApiError && caught.code === EMAIL_TAKEN) {
          setTakenEmail(trimmedEmail);
          focusEmail.current = true;
        }
        if (caught instanceof ApiError && REGISTER_STEP1_CODES.has(caught.code)) backToStep1();
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
        <EmailField
          ref={emailRef}
          id={id('email')}
          value={email}
          onChange={onEmailChange}
          refusal={
            emailTaken ? (
              <span className="register-taken">
                Tu as déjà un compte ? <Link to={accountLinks.login}>Se connecter</Link>
                <Link to={accountLinks.forgot}>Mot de passe oublié ?</Link>
              </span>
            ) : step1HeldBack.marks('email') && email.trim() === '' ? (
              'Indique ton adresse mail'
            ) : undefined
          }
        />
        <NewPasswordFields
          passwordId={id('password')}
          confirmationId={id('confirmation')}
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
        />
        {errorBox}
        <Button type="submit" enabled={step1Ready} {...step1HeldBack.buttonProps} fullWidth>
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
            backToStep1();
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
        id={id('username')}
        label="Nom d'utilisateur"
        autoComplete="nickname"
        spellCheck={false}
        required
        maxLength={USERNAME_MAX_LENGTH}
        value={username}
        onChange={setUsername}
        valid={isValidUsername(username)}
        invalid={step2HeldBack.marks('username')}
        message={missing(step2HeldBack.marks('username'), username, "Choisis ton nom d'utilisateur", "Ce nom d'utilisateur n'est pas valide")}
        hint="Visible par les autres membres."
      />
      <Field
        id={id('firstname')}
        label="Prénom"
        autoComplete="given-name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={firstname}
        onChange={setFirstname}
        valid={isValidPersonName(firstname)}
        invalid={step2HeldBack.marks('firstname')}
        message={missing(step2HeldBack.marks('firstname'), firstname, 'Indique ton prénom', "Ce prénom n'est pas valide")}
      />
      <Field
        id={id('lastname')}
        label="Nom"
        autoComplete="family-name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={lastname}
        onChange={setLastname}
        valid={isValidPersonName(lastname)}
        invalid={step2HeldBack.marks('lastname')}
        message={missing(step2HeldBack.marks('lastname'), lastname, 'Indique ton nom', "Ce nom n'est pas valide")}
      />
      <TermsCheckbox
        id={id('terms')}
        checked={termsAccepted}
        onChange={setTermsAccepted}
        missing={step2HeldBack.marks('terms') ? 'Coche cette case pour créer ton compte' : undefined}
      />
      <NewsletterCheckbox checked={newsletter} onChange={setNewsletter} />
      {antiBot.field}
      {errorBox}
      <Button type="submit" enabled={step2Ready} {...step2HeldBack.buttonProps} busy={busy} busyLabel="Création du compte…" fullWidth>
        Créer mon compte
      </Button>
    </form>
  );
}
