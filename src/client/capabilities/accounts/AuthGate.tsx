import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasPermission, isStaff, type Permission } from '../../../shared/permissions';
import { LoadingView } from '../../platform/ui/Spinner';
import { useAuth } from '../../platform/session/auth-context';
import { AuthSwitch } from './AuthSwitch';
import { StaffEnrolmentPage } from './StaffEnrolmentPage';

/**
 * Wraps protected pages (spec §2 "Authentication gate"): a loading view while the auth
 * state is unknown, the login/register switch when signed out, a redirect to '/' when a
 * required role or permission (shared/permissions.ts) is missing, or for `staff` pages, when the
 * member holds no permission at all. The server enforces the same rules on every endpoint,
 * and holds staff without a second factor at its enrolment (StaffEnrolmentPage), as here.
 */
export function AuthGate({ role, permission, staff, children }: { role?: string; permission?: Permission; staff?: boolean; children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') {
    // The box of the page's loading view before the scripts ran (root.tsx): nothing moves.
    return <LoadingView label="Chargement de ton compte…" />;
  }
  if (state.status === 'signed-out') return <AuthSwitch />;
  if (role && !state.user.roles.includes(role)) return <Navigate to="/" replace />;
  if (permission && !hasPermission(state.user.roles, permission)) return <Navigate to="/" replace />;
  if (staff && !isStaff(state.user.roles)) return <Navigate to="/" replace />;
  if ((staff || permission) && state.user.mustAddSecondFactor) return <StaffEnrolmentPage />;
  return children;
}
