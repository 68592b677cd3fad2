import { useCallback } from 'react';
import { useNavigate, type To } from 'react-router';
import { login } from './auth-api';
import { useAuth } from '../../platform/session/auth-context';

/**
 * Spec §7: a registration is followed by a sign-in; then the new member lands on /account, or
 * on the page that asked them to join (`destination`), where they were going.
 */
export function useSignInAfterRegistration(destination: To = '/account') {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (email: string, password: string) => {
      await login({ email, password });
      await refresh();
      void navigate(destination);
    },
    [refresh, navigate, destination],
  );
}
