import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAction } from '../../platform/data/useAction';
import { cancelPasskeyRequest, ceremonyReplaced, passkeyAutofillSupported, signInWithPasskey } from './passkeys-api';
import { passkeysSupport } from './passkey-support';

interface PasskeySignInProps {
  /** Called once the session is open. */
  onLoggedIn(): Promise<void>;
}

/**
 * 'Se connecter avec une clé d'accès', beside the address and password (which stay as they
 * are). Where the browser offers it, the address field also suggests the device's passkeys
 * (conditional mediation): that request waits in the background from the moment the form shows.
 * Nothing shows in a browser without WebAuthn, known only once the page runs.
 */
export function PasskeySignIn({ onLoggedIn }: PasskeySignInProps) {
  const supported = useSyncExternalStore(...passkeysSupport);
  const { busy, error, run } = useAction();
  const autofilled = useEffectEvent(() => onLoggedIn());

  useEffect(() => {
    let mounted = true;
    void passkeyAutofillSupported().then(async (autofill) => {
      if (!autofill || !mounted) return;
      try {
        await signInWithPasskey({ autofill: true });
      } catch {
        // The suggestion was dismissed, replaced by the button, or the form left: the member
        // still has both ways in front of them, and the button says what goes wrong.
        return;
      }
      if (mounted) await autofilled();
    });
    return () => {
      mounted = false;
      cancelPasskeyRequest();
    };
  }, []);

  if (!supported) return null;

  async function signIn() {
    await run(async () => {
      try {
        await signInWithPasskey();
      } catch (caught) {
        // Only when the form goes away while the system dialog is open.
        if (ceremonyReplaced(caught)) return;
        throw caught;
      }
      await onLoggedIn();
    });
  }

  return (
    <div className="auth-card__passkey">
      <p className="auth-card__or" aria-hidden="true">
        ou
      </p>
      {error && <ErrorBox message={error} />}
      <Button variant="secondary" busy={busy} busyLabel="Connexion avec la clé d'accès…" fullWidth onClick={signIn}>
        Se connecter avec une clé d'accès
      </Button>
    </div>
  );
}
