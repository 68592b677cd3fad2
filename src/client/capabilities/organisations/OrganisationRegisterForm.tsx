import { useId, useState, type FormEvent } from 'react';
import { EMAIL_VERIFICATION_HOURS } from '../../../shared/accounts';
import {
  USERNAME_MAX_LENGTH,
  canSubmitOrganisation,
  isPasswordAccepted,
  isValidEmail,
  isValidUsername,
  passwordsMatch,
} from '../../../shared/validation';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { SuccessView } from '../../platform/ui/SuccessView';
import { useAction } from '../../platform/data/useAction';
import { useProofOfWork } from '../../platform/anti-bot/useProofOfWork';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { registerOrganisation } from './api';
import { EmailField, NewPasswordFields, NewsletterCheckbox, TERMS_LABEL, TermsCheckbox, useSignInAfterRegistration } from '../accounts/index';

/** Spec §2 "Organisation registration"; the e-mail must be on the admin's allowlist. */
export function OrganisationRegisterForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const { busy, error, run } = useAction();
  const signIn = useSignInAfterRegistration();
  const antiBot = useProofOfWork();
  const [claimMailedTo, setClaimMailedTo] = useState<string>();
  const enabled = canSubmitOrganisation({ email, username: name, password, confirmation, termsAccepted });
  const ids = useId();
  const id = (field: string) => `${ids}-${field}`;
  const heldBack = useHeldBack([
    { key: 'email', label: 'Adresse mail', id: id('email'), holds: !isValidEmail(email.trim()) },
    { key: 'name', label: "Nom de l'organisation", id: id('name'), holds: !isValidUsername(name) },
    { key: 'password', label: 'Mot de passe', id: id('password'), holds: !isPasswordAccepted(password) },
    {
      key: 'confirmation',
      label: 'Confirmation du mot de passe',
      id: id('confirmation'),
      holds: confirmation === '' || !passwordsMatch(password, confirmation),
    },
    { key: 'terms', label: TERMS_LABEL, id: id('terms'), holds: !termsAccepted },
  ], { started: email !== '' || name !== '' || password !== '' || confirmation !== '' || termsAccepted });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    const trimmedEmail = email.trim();
    await run(async () => {
      const { data } = await antiBot.protect((proof) =>
        registerOrganisation({ email: trimmedEmail, username: name.trim(), pwd: password, newsletter, ...proof }),
      );
      // No account yet: the mailed link creates it, in place of the one that never proved the address.
      if ('claimMailed' in data) setClaimMailedTo(trimmedEmail);
      else await signIn(trimmedEmail, password);
    });
  }

  if (claimMailedTo) {
    return (
      <SuccessView announce icon="✉️" title="Ouvrez le lien reçu par mail">
        <p>
          Un compte qui n'a jamais confirmé l'adresse <strong>{claimMailedTo}</strong> l'utilise déjà. Nous venons d'y
          envoyer un lien, valable {EMAIL_VERIFICATION_HOURS} heures : il crée le compte « {name.trim()} » et supprime l'autre. Connectez-vous
          ensuite avec le mot de passe choisi ici.
        </p>
      </SuccessView>
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-label="Créer le compte organisation">
      <EmailField
        id={id('email')}
        value={email}
        onChange={setEmail}
        refusal={heldBack.marks('email') && email.trim() === '' ? "Indiquez l'adresse mail autorisée" : undefined}
      />
      <Field
        id={id('name')}
        label="Nom de l'organisation"
        autoComplete="organization"
        required
        maxLength={USERNAME_MAX_LENGTH}
        value={name}
        onChange={setName}
        valid={isValidUsername(name)}
        invalid={heldBack.marks('name')}
        message={heldBack.marks('name') ? (name.trim() === '' ? "Indiquez le nom de l'organisation" : "Ce nom n'est pas valide") : undefined}
        hint="Affiché sur votre profil et dans la liste des organisations."
      />
      <NewPasswordFields
        passwordId={id('password')}
        confirmationId={id('confirmation')}
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
      />
      <TermsCheckbox
        id={id('terms')}
        checked={termsAccepted}
        onChange={setTermsAccepted}
        missing={heldBack.marks('terms') ? 'Cochez cette case pour créer le compte' : undefined}
      />
      <NewsletterCheckbox checked={newsletter} onChange={setNewsletter} />
      {antiBot.field}
      {error && <ErrorBox message={error} />}
      <Button type="submit" enabled={enabled} {...heldBack.buttonProps} busy={busy} busyLabel="Création du compte…" fullWidth>
        Créer le compte organisation
      </Button>
    </form>
  );
}
