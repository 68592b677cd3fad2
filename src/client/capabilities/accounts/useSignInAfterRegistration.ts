import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { login } from './auth-api';
import { useAuth } from '../../platform/session/auth-context';

/** Spec §7: a registration is followed by a sign-in; then the new member lands on /account. */
export function useSignInAfterRegistration() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (email: string, password: string) => {
      await login({ email, password });
      await refresh();
      navigate('/account');
    },
    [refresh, navigate],
  );
}
