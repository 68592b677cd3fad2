import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { statusMessages } from '../../../shared/messages';
import { errorMessage } from '../../api/http';
import { ButtonLink } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/auth-context';
import { unsubscribeFromNewsletter } from './api';
import './newsletter.css';

type UnsubscribeState = { status: 'pending' } | { status: 'success' } | { status: 'error'; message: string };

/**
 * /newsletter-unsubscribe/{userId}, behind the member gate (spec §2 "Unsubscribe page"):
 * unsubscribes as soon as it opens; the server refuses another member's id.
 */
export function UnsubscribePage() {
  const { userId = '' } = useParams();
  const { refresh } = useAuth();
  const [state, setState] = useState<UnsubscribeState>({ status: 'pending' });

  useEffect(() => {
    let current = true;
    unsubscribeFromNewsletter(userId)
      // The account page's checkbox must show the change.
      .then(() => refresh().catch(() => {}))
      .then(
        () => current && setState({ status: 'success' }),
        (caught: unknown) => current && setState({ status: 'error', message: errorMessage(caught) }),
      );
    return () => {
      current = false;
    };
  }, [userId, refresh]);

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
      <div className="success-view">
        <span className="success-view__icon" aria-hidden="true">
          ✓
        </span>
        <h1>{statusMessages.unsubscribed}</h1>
        <p>Tu ne recevras plus nos nouvelles. Tu peux te réinscrire à tout moment depuis ton compte.</p>
        <div className="cluster cluster--center">
          <ButtonLink to="/account">Mon compte</ButtonLink>
          <ButtonLink to="/" variant="ghost">
            Retour à l'accueil
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
