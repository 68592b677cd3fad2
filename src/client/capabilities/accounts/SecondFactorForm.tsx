import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isSecondFactorCode, type SecondFactorRequired } from '../../../shared/two-factor';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { secondFactorWithCode } from './auth-api';
import { secondFactorWithPasskey } from './passkeys-api';

interface SecondFactorFormProps {
  request: SecondFactorRequired['secondFactor'];
  /** Called once the session is open. */
  onLoggedIn(): Promise<void>;
  /** Back to the address and password (the ticket expired, or another account). */
  onRestart(): void;
}

/**
 * The second step of a password sign-in: the app's code or a recovery code, or one of the
 * account's passkeys. The focus comes to its heading, which says where the member is.
 */
export function SecondFactorForm({ request, onLoggedIn, onRestart }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const { busy, running, error, run } = useAction<'code' | 'passkey'>();
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const withApp = request.methods.includes('totp');
  const withPasskey = request.methods.includes('passkey');
  const enabled = isSecondFactorCode(code);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      await secondFactorWithCode(request.ticket, code);
      await onLoggedIn();
    }, 'code');
  }

  return (
    <div className="auth-form second-factor">
      <h2 id={`${ids}-title`} className="second-factor__title" ref={heading} tabIndex={-1}>
        Deuxième étape
      </h2>
      <p>
        {withApp
          ? "Ton mot de passe est le bon. Saisis maintenant le code à 6 chiffres de ton application d'authentification"
          : "Ton mot de passe est le bon. Confirme maintenant avec ta clé d'accès"}
        , ou un de tes codes de secours.
      </p>
      {withPasskey && (
        <Button
          variant={withApp ? 'secondary' : 'primary'}
          busy={running === 'passkey'}
          busyLabel="Vérification de la clé d'accès…"
          fullWidth
          onClick={() =>
            run(async () => {
              await secondFactorWithPasskey(request.ticket);
              await onLoggedIn();
            }, 'passkey')
          }
        >
          Utiliser ma clé d'accès
        </Button>
      )}
      <form className="form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
        <Field
          label={withApp ? 'Code de l’application ou code de secours' : 'Code de secours'}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          inputMode={withApp ? 'numeric' : 'text'}
          spellCheck={false}
          maxLength={24}
          hint={withApp ? 'Par exemple 123456, ou un code de secours comme abcd-efgh-ijkl-mnop.' : 'Par exemple abcd-efgh-ijkl-mnop.'}
        />
        {error && <ErrorBox message={error} />}
        <Button type="submit" variant={withApp || !withPasskey ? 'primary' : 'secondary'} enabled={enabled} busy={running === 'code'} busyLabel="Vérification…" fullWidth>
          Valider
        </Button>
      </form>
      <Button variant="secondary" size="small" enabled={!busy} onClick={onRestart}>
        Recommencer la connexion
      </Button>
    </div>
  );
}
