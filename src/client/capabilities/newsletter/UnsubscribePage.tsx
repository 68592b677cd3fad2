import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { statusMessages } from '../../../shared/messages';
import { errorMessage } from '../../platform/http/http';
import { Button, ButtonLink } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { SuccessView } from '../../platform/ui/SuccessView';
import { useAuth } from '../../platform/session/auth-context';
import { unsubscribeFromNewsletter } from './api';
import './newsletter.css';

type UnsubscribeState =
  | { status: 'asking' }
  | { status: 'pending' }
  | { status: 'success' }
  | { status: 'error'; message: string };

/**
 * /newsletter-unsubscribe/{userId}, behind the member gate (spec §2 "Unsubscribe page"). It
 * asks for a click instead of unsubscribing on load: user ids are public (picture URLs), so
 * a crafted link opened by an admin would otherwise unsubscribe any member. The server
 * refuses another member's id; mail apps use the signed one-click URL, which needs no page.
 */
export function UnsubscribePage() {
  const { userId = '' } = useParams();
  const { state: auth, refresh } = useAuth();
  const [state, setState] = useState<UnsubscribeState>({ status: 'asking' });

  function unsubscribe() {
    setState({ status: 'pending' });
    unsubscribeFromNewsletter(userId)
      // The account page's checkbox must show the change.
      .then(() => refresh().catch(() => {}))
      .then(
        () => setState({ status: 'success' }),
        (caught: unknown) => setState({ status: 'error', message: errorMessage(caught) }),
      );
  }

  if (state.status === 'asking') {
    // A link of a newsletter sent from the Firebase site names the member by their old uid.
    const someoneElse = auth.user && auth.user.uuid !== userId.trim().toLowerCase() && auth.user.firebaseUid !== userId.trim();
    return (
      <div className="container section newsletter-unsubscribe">
        <h1>Se désinscrire de la newsletter</h1>
        <p>Tu ne recevras plus nos nouvelles par mail. Tu pourras te réinscrire à tout moment depuis ton compte.</p>
        {someoneElse && <p className="notice notice--warning">Attention : ce lien concerne un autre compte que le tien.</p>}
        <div className="cluster cluster--center">
          <Button onClick={unsubscribe}>Me désinscrire</Button>
          <ButtonLink to="/" variant="ghost">
            Rester inscrit
          </ButtonLink>
        </div>
      </div>
    );
  }

  if (state.status === 'pending') {
    return (
      <div className="container section newsletter-unsubscribe">
        <h1 className="visually-hidden">Désinscription de la newsletter</h1>
        <Spinner size="large" showLabel label="Désinscription en cours…" />
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div className="container section newsletter-unsubscribe">
        <h1>{statusMessages.unsubscribeFailed}</h1>
        <ErrorBox message={state.message} />
        <p>
          <Link to="/account">Gérer la newsletter depuis mon compte</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container section newsletter-unsubscribe">
      <SuccessView
        level={1}
        title={statusMessages.unsubscribed}
        actions={
          <>
            <ButtonLink to="/account">Mon compte</ButtonLink>
            <ButtonLink to="/" variant="ghost">
              Retour à l'accueil
            </ButtonLink>
          </>
        }
      >
        <p>Tu ne recevras plus nos nouvelles. Tu peux te réinscrire à tout moment depuis ton compte.</p>
      </SuccessView>
    </div>
  );
}
