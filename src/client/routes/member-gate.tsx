import { Outlet } from 'react-router';
import { AuthGate } from '../platform/session/AuthGate';

export default function MemberGate() {
  return (
    <AuthGate>
      <Outlet />
    </AuthGate>
  );
}
