import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { VerifyEmailResponse } from '../../../shared/accounts';
import { ApiError, errorMessage } from '../../api/http';
import { ButtonLink } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/auth-context';
import { verifyEmail } from './api';
import { VerificationNotice } from './VerificationNotice';
import './account.css';

type VerifyState =
  | { status: 'pending' }
  | { status: 'verified'; result: VerifyEmailResponse }
  | { status: 'refused'; code: string; message: string };

/** Links that no longer work, for which a new one is the way out. */
const SPENT_LINK_CODES = new Set([
  'users/verification-link-used',
  'users/verification-link-expired',
  'users/verification-link-invalid',
]);

/**
 * /verifier-adresse/{token}, opened from the mail, signed in or not: it verifies the address
 * as it opens (the token is the proof) and signs nobody in (decision 0018).
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { state: auth, refresh } = useAuth();
  const [state, setState] = useState<VerifyState>({ status: 'pending' });
  // Once per token: a second call would find the link used (and React may run effects twice).
  const verified = useRef<string>(undefined);

  useEffect(() => {
    if (verified.current === token) return;
    verified.current = token;
    verifyEmail(token).then(
      (result) => setState({ status: 'verified', result }),
      (caught: unknown) =>
        setState({
          status: 'refused',
          code: caught instanceof ApiError ? caught.code : 'http/internal',
          message: errorMessage(caught),
        }),
    );
  }, [token]);

  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    // A signed-in member's account page must show the address as verified.
    if (state.status === 'verified' && signedIn) refresh().catch(() => {});
  }, [state.status, signedIn, refresh]);

  if (state.status === 'pending') {
    return (
      <div className="container section verify-email">
        <h1 className="visually-hidden">Vérification de ton adresse mail</h1>
        <Spinner size="large" showLabel label="Vérification de ton adresse mail…" />
      </div>
    );
  }

  if (state.status === 'verified') {
    const { email, changed } = state.result;
    return (
      <div className="container section verify-email">
        <div className="success-view">
          <span className="success-view__icon" aria-hidden="true">
            ✓
          </span>
          <h1>{changed ? 'Nouvelle adresse confirmée' : 'Adresse mail vérifiée'}</h1>
          <p className="verify-email__text">
            {changed ? (
              <>
                Ton compte utilise désormais l'adresse <strong>{email}</strong>, pour te connecter comme pour recevoir nos mails.
              </>
            ) : (
              <>
                Merci ! L'adresse <strong>{email}</strong> est bien la tienne.
              </>
            )}
          </p>
          <div className="cluster cluster--center">
            <ButtonLink to="/account">{signedIn ? 'Mon compte' : 'Me connecter'}</ButtonLink>
            <ButtonLink to="/" variant="ghost">
              Retour à l'accueil
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }

  const spent = SPENT_LINK_CODES.has(state.code);
  return (
    <div className="container section verify-email">
      <h1>{spent ? 'Ce lien ne fonctionne plus' : "Ton adresse n'a pas pu être vérifiée"}</h1>
      <ErrorBox message={state.message} />
      {spent && auth.status === 'signed-in' && auth.user.emailVerified && (
        <p className="verify-email__text">
          L'adresse de ton compte, {auth.user.email}, est vérifiée. Pour en changer, refais la demande depuis ton compte.
        </p>
      )}
      {spent && auth.status === 'signed-in' && !auth.user.emailVerified && <VerificationNotice user={auth.user} />}
      {spent && auth.status === 'signed-out' && (
        <p className="verify-email__text">
          Pour recevoir un nouveau lien, connecte-toi : le bouton « Renvoyer le mail » t'attend sur ton compte.
        </p>
      )}
      <div className="cluster">
        <ButtonLink to="/account" variant={spent && auth.status === 'signed-out' ? 'primary' : 'secondary'}>
          {auth.status === 'signed-in' ? 'Mon compte' : 'Me connecter'}
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Retour à l'accueil
        </ButtonLink>
      </div>
    </div>
  );
}
