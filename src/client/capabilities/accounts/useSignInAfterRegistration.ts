import { useCallback } from 'react';
import { useNavigate, type To } from 'react-router';
import { login } from './auth-api';
import { useAuth } from '../../platform/session/auth-context';

/** The history state of the page a new member lands on, so it can take the focus to what now concerns them. */
const JUST_JOINED = 'justJoined';

export function isJustJoined(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[JUST_JOINED] === true;
}

/**
 * Spec §7: a registration is followed by a sign-in; then the new member lands on /account, or
 * on the page that asked them to join (`destination`), where they were going. The form and
 * its button are gone by then: the landing page moves the focus (`isJustJoined`), or it would
 * drop to the page's body.
 */
export function useSignInAfterRegistration(destination: To = '/account') {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (email: string, password: string) => {
      await login({ email, password });
      await refresh();
      void navigate(destination, { state: { [JUST_JOINED]: true } });
    },
    [refresh, navigate, destination],
  );
}
