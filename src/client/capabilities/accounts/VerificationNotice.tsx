import { useState } from 'react';
import type { CurrentUser } from '../../../shared/user';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAction } from '../../platform/data/useAction';
import { resendVerificationMail } from './api';

/**
 * Until the member opened a verification link: a quiet reminder with 'Renvoyer le mail'.
 * Nothing else waits for it (decision 0018), so it stays a notice, not a gate. An address its
 * server refused for good (decision 0019) gets the same notice, saying so: a new link, once
 * opened, proves it works again; or the member changes it below.
 */
export function VerificationNotice({ user }: { user: CurrentUser }) {
  const { busy, error, run } = useAction();
  const [sent, setSent] = useState(false);
  if (user.emailVerified && !user.emailUndeliverable) return null;

  return (
    <section className="notice account-verification" aria-labelledby="verification-title">
      <div className="account-verification__body">
        <h2 id="verification-title" className="account-verification__title">
          {user.emailUndeliverable ? 'Nos mails ne te parviennent pas' : 'Vérifie ton adresse mail'}
        </h2>
        {user.emailUndeliverable ? (
          <p>
            Le serveur de <strong>{user.email}</strong> refuse nos mails : vérifie cette adresse, ou change-la ci-dessous. Ni la
            newsletter ni les mots de passe oubliés ne t'arrivent d'ici là.
          </p>
        ) : (
          <p>
            Ouvre le lien envoyé à <strong>{user.email}</strong> pour confirmer qu'elle est bien la tienne : c'est elle qui reçoit
            la newsletter et les mots de passe oubliés.
          </p>
        )}
        {error && <ErrorBox message={error} />}
        <div role="status">
          {sent && <p className="account-verification__sent">Mail envoyé : ouvre le lien qu'il contient (valable 48 heures).</p>}
        </div>
      </div>
      <Button
        variant="secondary"
        size="small"
        busy={busy}
        busyLabel="Envoi…"
        onClick={() =>
          void run(async () => {
            setSent(false);
            await resendVerificationMail();
            setSent(true);
          })
        }
      >
        Renvoyer le mail
      </Button>
    </section>
  );
}
