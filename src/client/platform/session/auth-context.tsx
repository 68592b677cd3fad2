import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/user';
import { api, ApiError } from '../http/http';

type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-out'; user: undefined }
  | { status: 'signed-in'; user: CurrentUser };

interface AuthContextValue {
  state: AuthState;
  /** Asks the server who is signed in (after login, register, profile changes). */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: undefined };

/** Set by the server next to the (unreadable) session cookie; see accounts/sessions.ts. */
const mayBeSignedIn = () => typeof document !== 'undefined' && document.cookie.split('; ').some((entry) => entry.startsWith('unissons_signed_in='));

async function fetchAuthState(): Promise<AuthState> {
  if (!mayBeSignedIn()) return SIGNED_OUT;
  try {
    return { status: 'signed-in', user: await api<CurrentUser>('/api/auth/me') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return SIGNED_OUT;
    throw error;
  }
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined });

  const refresh = useCallback(async () => setState(await fetchAuthState()), []);

  const signOut = useCallback(async () => {
    await api('/api/auth/logout', { method: 'POST' });
    setState(SIGNED_OUT);
  }, []);

  useEffect(() => {
    fetchAuthState().then(setState, () => setState(SIGNED_OUT));
  }, []);

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
