import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { totpCode, type TotpSetup, type TwoFactorChange, type TwoFactorStatus } from '../../../shared/two-factor';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { Button } from '../../platform/ui/Button';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { confirmTotp, fetchTwoFactor, newRecoveryCodes, passkeysAsSecondFactor, removeTotp, setUpTotp, turnOffTwoFactor } from './api';
import { SavedNotice } from './SavedNotice';

interface TwoFactorSectionProps {
  /** Changes when the passkeys do: the status counts them. */
  passkeysVersion: number;
  /** Once the second step is on and its recovery codes noted (the staff enrolment then opens /admin). */
  onTurnedOn?(): void;
}

/**
 * /account's 'Validation en deux étapes': after the password, a code of an authenticator app
 * or one of the member's passkeys; ten recovery codes shown once; each part can be undone.
 */
export function TwoFactorSection({ passkeysVersion, onTurnedOn }: TwoFactorSectionProps) {
  const { data: status, error: loadError, loading, setData } = useLoad(`two-factor-${passkeysVersion}`, fetchTwoFactor, { keepPrevious: true });
  const [codes, setCodes] = useState<string[]>();
  const [notice, setNotice] = useState<string>();
  const changed = (change: TwoFactorChange, message: string) => {
    setData(change.status);
    setCodes(change.recoveryCodes);
    setNotice(change.recoveryCodes ? undefined : message);
  };

  return (
    <section className="card account-section" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className="account-section__title">
        Validation en deux étapes
      </h3>
      <p>Après ton mot de passe, le site te demande en plus un code de ton application d'authentification ou une de tes clés d'accès : un mot de passe volé ne suffit plus.</p>
      {loading && !status && <Spinner label="Chargement…" />}
      {loadError && <ErrorBox message={loadError} />}
      {codes && (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(undefined);
            if (status?.enabled) onTurnedOn?.();
          }}
        />
      )}
      {status && !codes && (
        <>
          {status.enabled ? (
            <EnabledFactors status={status} onChanged={changed} onStatus={(next, message) => (setData(next), setNotice(message))} />
          ) : (
            <p className="notice">La validation en deux étapes n'est pas activée.</p>
          )}
          {!status.totp && <TotpEnrolment onEnabled={(change) => changed(change, "Application d'authentification activée.")} />}
          {!status.enabled && status.passkeys > 0 && <PasskeysAsSecondStep onEnabled={(change) => changed(change, '')} />}
        </>
      )}
      <SavedNotice shown={notice !== undefined && notice !== ''}>{notice}</SavedNotice>
    </section>
  );
}

function EnabledFactors({
  status,
  onChanged,
  onStatus,
}: {
  status: TwoFactorStatus;
  onChanged(change: TwoFactorChange, message: string): void;
  onStatus(status: TwoFactorStatus, message: string): void;
}) {
  const { running, error, run } = useAction<'codes' | 'app' | 'off'>();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="two-factor">
      <p className="notice notice--success">La validation en deux étapes est activée.</p>
      <ul className="two-factor__methods">
        <li>Application d'authentification : {status.totp ? 'activée' : 'aucune'}</li>
        <li>Clés d'accès : {status.passkeys === 0 ? 'aucune' : status.passkeys}</li>
        <li>Codes de secours restants : {status.recoveryCodesLeft}</li>
      </ul>
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button variant="secondary" busy={running === 'codes'} busyLabel="Création des codes…" onClick={() => run(async () => onChanged(await newRecoveryCodes(), ''), 'codes')}>
          Générer de nouveaux codes de secours
        </Button>
        {status.totp && status.passkeys > 0 && (
          <Button variant="secondary" busy={running === 'app'} busyLabel="Retrait…" onClick={() => run(async () => onStatus(await removeTotp(), "Application d'authentification retirée : tes clés d'accès restent la deuxième étape."), 'app')}>
            Retirer l'application
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Désactiver la validation en deux étapes
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Désactiver la validation en deux étapes ?"
        confirmLabel="Désactiver"
        busy={running === 'off'}
        busyLabel="Désactivation…"
        danger
        error={error}
        onConfirm={() =>
          run(async () => {
            onStatus(await turnOffTwoFactor(), 'La validation en deux étapes est désactivée : ton mot de passe suffit de nouveau.');
            setConfirming(false);
          }, 'off')
        }
        onCancel={() => setConfirming(false)}
      >
        <p>Ton mot de passe suffira de nouveau pour te connecter. L'application sera oubliée et tes codes de secours ne fonctionneront plus ; tes clés d'accès restent.</p>
      </ConfirmDialog>
    </div>
  );
}

function TotpEnrolment({ onEnabled }: { onEnabled(change: TwoFactorChange): void }) {
  const [setup, setSetup] = useState<TotpSetup>();
  const [code, setCode] = useState('');
  const { running, error, run } = useAction<'setup' | 'confirm'>();
  const ids = useId();

  if (!setup) {
    return (
      <div className="form__actions">
        {error && <ErrorBox message={error} />}
        <Button busy={running === 'setup'} busyLabel="Préparation…" onClick={() => run(async () => setSetup(await setUpTotp()), 'setup')}>
          Ajouter une application d'authentification
        </Button>
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!totpCode(code)) return;
    await run(async () => onEnabled(await confirmTotp(code)), 'confirm');
  }

  return (
    <form className="form two-factor__enrolment" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`} className="two-factor__subtitle">
        Lier une application d'authentification
      </h4>
      <ol className="two-factor__steps">
        <li>Ouvre ton application d'authentification (Google Authenticator, Microsoft Authenticator, 2FAS, Aegis…) et scanne ce QR code.</li>
        <li>
          Sans appareil photo, saisis plutôt cette clé dans l'application : <code className="two-factor__secret">{setup.secret.match(/.{1,4}/g)!.join(' ')}</code>
        </li>
        <li>Indique le code à 6 chiffres qu'elle affiche.</li>
      </ol>
      <img className="two-factor__qr" src={setup.qrCode} width={200} height={200} alt="QR code à scanner avec ton application d'authentification" />
      <Field label="Code à 6 chiffres" value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" maxLength={7} invalid={code !== '' && !totpCode(code)} />
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button type="submit" enabled={totpCode(code) !== undefined} busy={running === 'confirm'} busyLabel="Vérification…">
          Activer
        </Button>
      </div>
    </form>
  );
}

function PasskeysAsSecondStep({ onEnabled }: { onEnabled(change: TwoFactorChange): void }) {
  const { busy, error, run } = useAction();
  return (
    <div className="form__actions">
      {error && <ErrorBox message={error} />}
      <Button variant="secondary" busy={busy} busyLabel="Activation…" onClick={() => run(async () => onEnabled(await passkeysAsSecondFactor()))}>
        Utiliser mes clés d'accès comme deuxième étape
      </Button>
    </div>
  );
}

/** Shown once, right after they are made: the member notes them, then says so. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="two-factor__codes" role="region" aria-labelledby="recovery-codes-title">
      <h4 id="recovery-codes-title" className="two-factor__subtitle" ref={heading} tabIndex={-1}>
        Tes codes de secours
      </h4>
      <p>
        Note-les maintenant (ou imprime-les) et garde-les en lieu sûr : ils ne seront plus affichés. Chacun te connecte une fois si tu n'as plus ton
        application ni ta clé d'accès.
      </p>
      <ol className="two-factor__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions">
        <Button onClick={onDone}>J'ai noté mes codes</Button>
      </div>
    </div>
  );
}
