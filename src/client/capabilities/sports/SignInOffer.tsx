import { fieldMessages } from '../../../shared/messages';
import { signInPath } from '../../../shared/routes';
import { ButtonLink } from '../../platform/ui/Button';

/**
 * What a signed-out visitor is told where they tried to act (a reaction tapped): the spec's
 * message, and the ways in, which bring them back to `returnTo` once signed in. An alert, so a
 * screen reader says it as it appears; shown again (a new `key`), it is said again.
 */
export function SignInOffer({ returnTo }: { returnTo: string }) {
  const signIn = signInPath(returnTo);
  return (
    <div className="sign-in-offer" role="alert">
      <p className="sign-in-offer__message">{fieldMessages.voteNeedsLogin}</p>
      <div className="sign-in-offer__actions">
        <ButtonLink to={signIn} size="small">
          Se connecter
        </ButtonLink>
        <ButtonLink to={`${signIn}&auth=register`} variant="secondary" size="small">
          Créer un compte
        </ButtonLink>
      </div>
    </div>
  );
}
