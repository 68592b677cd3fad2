import { fieldMessages } from '../../../shared/messages';
import { signInPath } from '../../../shared/routes';
import { ButtonLink } from '../../platform/ui/Button';

/** The ways in for a signed-out visitor, which bring them back to `returnTo` once signed in. */
export function SignInActions({ returnTo }: { returnTo: string }) {
  const signIn = signInPath(returnTo);
  return (
    <div className="sign-in-actions">
      <ButtonLink to={signIn} size="small">
        Se connecter
      </ButtonLink>
      <ButtonLink to={`${signIn}&auth=register`} variant="secondary" size="small">
        Créer un compte
      </ButtonLink>
    </div>
  );
}

/**
 * What a signed-out visitor is told where they tried to act (a reaction tapped): the spec's
 * message and the ways in. An alert, so a screen reader says it as it appears; shown again (a
 * new `key`), it is said again.
 */
export function SignInOffer({ returnTo }: { returnTo: string }) {
  return (
    <div className="sign-in-offer" role="alert">
      <p className="sign-in-offer__message">{fieldMessages.voteNeedsLogin}</p>
      <SignInActions returnTo={returnTo} />
    </div>
  );
}
