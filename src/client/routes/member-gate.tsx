import { Outlet } from 'react-router';
import { AuthGate } from '../features/auth/AuthGate';

export default function MemberGate() {
  return (
    <AuthGate>
      <Outlet />
    </AuthGate>
  );
}
