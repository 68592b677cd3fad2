import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useParams } from 'react-router';
import type { VerifyEmailResponse } from '../../../shared/accounts';
import { ApiError, errorMessage } from '../../platform/http/http';
import { Button, ButtonLink } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { LoadingView } from '../../platform/ui/Spinner';
import { SuccessView } from '../../platform/ui/SuccessView';
import { useAuth } from '../../platform/session/auth-context';
import { previewVerificationLink, verifyEmail } from './api';
import { VerificationNotice } from './VerificationNotice';
import './account.css';

type VerifyState =
  | { status: 'pending' }
  | { status: 'asking'; email: string; accountName: string; confirming: boolean }
  | { status: 'verified'; result: VerifyEmailResponse }
  | { status: 'refused'; code: string; message: string };

/** Links that no longer work, for which a new one is the way out. */
const SPENT_LINK_CODES = new Set([
  'users/verification-link-used',
  'users/verification-link-expired',
  'users/verification-link-invalid',
]);

const refusal = (caught: unknown): VerifyState => ({
  status: 'refused',
  code: caught instanceof ApiError ? caught.code : 'http/internal',
  message: errorMessage(caught),
});

/**
 * /verifier-adresse/{token}, opened from the mail, signed in or not; it signs nobody in
 * (decision 0018). A registration's link verifies the address as the page opens (the token is
 * the proof). A change of address waits for a click (decision 0028): whoever merely renders the
 * link, a curious recipient or a mail scanner that runs scripts, must not tie the address to the
 * requester's account, so the page first asks the server what the link is, without using it.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { state: auth, refresh } = useAuth();
  const [state, setState] = useState<VerifyState>({ status: 'pending' });
  // Once per token: a second call would find the link used (and React may run effects twice).
  const opened = useRef<string>(undefined);
  // After the click, the answer's heading takes the focus, which the button leaves with the page.
  const answerHeading = useRef<HTMLHeadingElement>(null);
  const clicked = useRef(false);

  const openLink = useCallback(() => {
    verifyEmail(token).then(
      (result) => setState({ status: 'verified', result }),
      (caught: unknown) => setState(refusal(caught)),
    );
  }, [token]);

  useEffect(() => {
    if (opened.current === token) return;
    opened.current = token;
    previewVerificationLink(token).then(
      (preview) => {
        if (preview.change)
          setState({ status: 'asking', email: preview.email, accountName: preview.accountName, confirming: false });
        else openLink();
      },
      (caught: unknown) => setState(refusal(caught)),
    );
  }, [token, openLink]);

  function confirmChange() {
    if (state.status !== 'asking') return;
    clicked.current = true;
    setState({ ...state, confirming: true });
    openLink();
  }

  useEffect(() => {
    if (clicked.current && (state.status === 'verified' || state.status === 'refused')) answerHeading.current?.focus();
  }, [state.status]);

  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    // A signed-in member's account page must show the address as verified.
    if (state.status === 'verified' && signedIn) refresh().catch(() => {});
  }, [state.status, signedIn, refresh]);

  if (state.status === 'pending') {
    // The box of the page's loading view before the scripts ran (root.tsx): nothing moves.
    return (
      <>
        <h1 className="visually-hidden">Vérification de ton adresse mail</h1>
        <LoadingView label="Vérification de ton adresse mail…" />
      </>
    );
  }

  if (state.status === 'asking') {
    return (
      <div className="container section verify-email">
        <h1>Changement d'adresse mail</h1>
        <p className="verify-email__text">
          Confirmer que <strong>{state.email}</strong> devient l'adresse du compte <strong>{state.accountName}</strong> ?
        </p>
        <p className="verify-email__text muted">
          Ce compte se connectera alors avec cette adresse et y recevra nos mails. Tu n'as rien demandé ? Ne confirme pas : rien
          ne changera.
        </p>
        <div className="cluster">
          <Button onClick={confirmChange} busy={state.confirming} busyLabel="Confirmation en cours…">
            Confirmer
          </Button>
          <ButtonLink to="/" variant="ghost">
            Retour à l'accueil
          </ButtonLink>
        </div>
      </div>
    );
  }

  if (state.status === 'verified') {
    const { email, changed } = state.result;
    return (
      <GoodNews
        title={changed ? 'Nouvelle adresse confirmée' : 'Adresse mail vérifiée'}
        heading={answerHeading}
        accountLink={signedIn ? 'Mon compte' : 'Me connecter'}
      >
        {changed ? (
          <>
            Ton compte utilise désormais l'adresse <strong>{email}</strong>, pour te connecter comme pour recevoir nos mails.
          </>
        ) : (
          <>
            Merci ! L'adresse <strong>{email}</strong> est bien la tienne.
          </>
        )}
      </GoodNews>
    );
  }

  const spent = SPENT_LINK_CODES.has(state.code);
  // A used link whose member's address is verified did its work (often opened twice, by the
  // mail app's preview then by a tap): good news, not an error.
  if (state.code === 'users/verification-link-used' && auth.status === 'signed-in' && auth.user.emailVerified) {
    return (
      <GoodNews title="Adresse mail déjà vérifiée" heading={answerHeading} accountLink="Mon compte">
        Ce lien a déjà servi : l'adresse de ton compte, <strong>{auth.user.email}</strong>, est vérifiée. Rien d'autre à faire !
      </GoodNews>
    );
  }
  return (
    <div className="container section verify-email">
      <h1 ref={answerHeading} tabIndex={-1}>
        {spent ? 'Ce lien ne fonctionne plus' : "Ton adresse n'a pas pu être vérifiée"}
      </h1>
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

/** An address proven (now, or by an earlier opening of the link): the heading takes the focus. */
function GoodNews({
  title,
  heading,
  accountLink,
  children,
}: {
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  accountLink: string;
  children: ReactNode;
}) {
  return (
    <div className="container section verify-email">
      <SuccessView
        level={1}
        title={title}
        headingRef={heading}
        actions={
          <>
            <ButtonLink to="/account">{accountLink}</ButtonLink>
            <ButtonLink to="/" variant="ghost">
              Retour à l'accueil
            </ButtonLink>
          </>
        }
      >
        <p className="verify-email__text">{children}</p>
      </SuccessView>
    </div>
  );
}
