import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '../../../shared/user';
import { ApiError } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAction } from '../../platform/data/useAction';
import { useAuth } from '../../platform/session/auth-context';
import { resendVerificationMail } from './api';
import { isJustJoined } from './useSignInAfterRegistration';

const ALREADY_VERIFIED = 'users/email-already-verified';

/**
 * Until the member opened a verification link: a quiet reminder with 'Renvoyer le mail'.
 * Nothing else waits for it (decision 0018), so it stays a notice, not a gate. An address its
 * server refused for good (decision 0019) gets the same notice, saying so: a new link, once
 * opened, proves it works again; or the member changes it below.
 *
 * The link is usually opened in the mail app's own browser, so this tab learns nothing: it
 * asks again whenever it comes back to the front, and a verification seen while the notice was
 * up is good news, said in its place.
 */
export function VerificationNotice({ user }: { user: CurrentUser }) {
  const { refresh } = useAuth();
  const { busy, error, run } = useAction();
  const [sent, setSent] = useState(false);
  const pending = !user.emailVerified || user.emailUndeliverable;
  const [wasPending] = useState(pending);
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation();
  const justJoined = isJustJoined(state);

  // A new member's first message is this one: it takes the focus the registration form left.
  useEffect(() => {
    if (justJoined) heading.current?.focus();
  }, [justJoined]);

  useEffect(() => {
    if (!pending) return;
    const askAgain = () => {
      // A failed check changes nothing on the page: the next return to the tab asks again.
      if (document.visibilityState === 'visible') refresh().catch(() => {});
    };
    document.addEventListener('visibilitychange', askAgain);
    return () => document.removeEventListener('visibilitychange', askAgain);
  }, [pending, refresh]);

  if (!pending) {
    if (!wasPending) return null;
    return (
      <section className="notice notice--success account-verification" role="status" aria-labelledby="verification-title">
        <div className="account-verification__body">
          <h2 id="verification-title" className="account-verification__title">
            Adresse mail vérifiée
          </h2>
          <p>
            Merci ! L'adresse <strong>{user.email}</strong> est bien la tienne : la newsletter et les mots de passe oubliés
            t'y parviendront.
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="notice account-verification" aria-labelledby="verification-title">
      <div className="account-verification__body">
        <h2 id="verification-title" className="account-verification__title" ref={heading} tabIndex={-1}>
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
            try {
              await resendVerificationMail();
            } catch (caught) {
              // Verified meanwhile (in another tab or app): the fresh state says so as good news.
              if (caught instanceof ApiError && caught.code === ALREADY_VERIFIED) return refresh();
              throw caught;
            }
            setSent(true);
          })
        }
      >
        Renvoyer le mail
      </Button>
    </section>
  );
}
